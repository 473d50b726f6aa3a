import { useDocumentTitle } from '../../shared/use-document-title';

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  useDocumentTitle(title);
  return (
    <div style={{ marginBottom: 20 }}>
      <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: '#0f172a' }}>{title}</h1>
      {subtitle && <p style={{ margin: '4px 0 0', color: '#64748b' }}>{subtitle}</p>}
    </div>
  );
}
