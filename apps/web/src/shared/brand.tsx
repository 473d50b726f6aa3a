import { Link } from 'react-router';
import { PRODUCT_NAME } from '@exship/contracts';

/** The ExShip word mark: a parcel glyph and the product name. */
export function Brand({ to = '/', light = false, compact = false }: { to?: string; light?: boolean; compact?: boolean }) {
  return (
    <Link to={to} aria-label={PRODUCT_NAME} style={{ display: 'inline-flex', alignItems: 'center', gap: 10, textDecoration: 'none' }}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={light ? '#ffffff' : '#1d4ed8'} />
        <path d="M8 11.5 16 7.5l8 4v9l-8 4-8-4z M8 11.5l8 4 8-4 M16 15.5v9" fill="none" stroke={light ? '#1d4ed8' : '#fff'} strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      {!compact && (
        <span style={{ fontWeight: 700, fontSize: 20, letterSpacing: 0.2, color: light ? '#fff' : '#0f172a' }}>{PRODUCT_NAME}</span>
      )}
    </Link>
  );
}
