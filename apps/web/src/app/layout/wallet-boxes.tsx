import { useQuery } from '@tanstack/react-query';
import { Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@exship/contracts';
import { hasAccess } from '@exship/domain';
import { fetchWallet, type WalletInfo } from '../../api/endpoints';
import { usd } from '../../shared/money';

/** SPEC §7: the wallet is polled every 120 seconds. */
export const WALLET_POLL_MS = 120_000;

/**
 * Only a seller account has a wallet: staff (even the super admin, who holds every permission)
 * have none, so they see no balance. A seller's team members share the seller's wallet.
 */
export function hasWallet(profile: Profile | null): profile is Profile {
  return !!profile && profile.role.kind === 'customer' && hasAccess(profile.permissions, 'EX-WALLET-VIEW');
}

export function useWallet(profile: Profile | null) {
  const allowed = hasWallet(profile);
  const query = useQuery({
    queryKey: ['wallet'],
    queryFn: ({ signal }) => fetchWallet(signal),
    enabled: allowed,
    refetchInterval: WALLET_POLL_MS,
  });
  // Until the first poll answers, the wallet that came with the profile is good enough.
  const fallback: WalletInfo | undefined = profile
    ? { balance: profile.wallet.balance, unpaid: profile.wallet.unPaid, autoPay: profile.wallet.autoPay, credit: profile.wallet.credit }
    : undefined;
  return { allowed, wallet: query.data ?? fallback, loading: query.isPending && !fallback };
}

function Box({ label, value, tone, compact }: { label: string; value: string; tone: string; compact?: boolean }) {
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        lineHeight: 1.25,
        padding: compact ? '2px 8px' : '4px 12px',
        borderRadius: 8,
        background: '#f8fafc',
        border: '1px solid #e2e8f0',
        minWidth: compact ? 0 : 96,
        fontSize: compact ? 13 : undefined,
      }}
    >
      <span style={{ fontSize: compact ? 10 : 11, color: '#475569', textTransform: 'uppercase', letterSpacing: 0.4 }}>{label}</span>
      <span style={{ fontWeight: 600, color: tone, fontVariantNumeric: 'tabular-nums' }}>{value}</span>
    </div>
  );
}

/**
 * SPEC §2 header: balance, unpaid, and credit remaining (only with a credit line that is not blocked).
 * On a phone (`compact`) the balance, and the unpaid amount when there is one, in small boxes.
 */
export function WalletBoxes({ profile, compact = false }: { profile: Profile; compact?: boolean }) {
  const { t } = useTranslation();
  const { allowed, wallet, loading } = useWallet(profile);
  if (!allowed) return null;
  if (loading || !wallet) return <Skeleton.Button active size="small" style={{ width: compact ? 72 : 220 }} />;
  const credit = wallet.credit && !wallet.credit.isBlocked ? wallet.credit : null;
  if (compact) {
    return (
      <div style={{ display: 'flex', gap: 4, minWidth: 0 }} role="group" aria-label={t('header.wallet')}>
        <Box compact label={t('header.balance')} value={usd(wallet.balance)} tone="#047857" />
        {wallet.unpaid > 0 && <Box compact label={t('header.unpaid')} value={usd(wallet.unpaid)} tone="#b91c1c" />}
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', gap: 8 }} role="group" aria-label={t('header.wallet')}>
      <Box label={t('header.balance')} value={usd(wallet.balance)} tone="#047857" />
      <Box label={t('header.unpaid')} value={usd(wallet.unpaid)} tone={wallet.unpaid > 0 ? '#b91c1c' : '#0f172a'} />
      {credit && (
        <Tooltip title={t('header.creditLimit', { limit: usd(credit.limit) })}>
          <div>
            <Box label={t('header.credit')} value={usd(credit.remaining)} tone="#1d4ed8" />
          </div>
        </Tooltip>
      )}
    </div>
  );
}
