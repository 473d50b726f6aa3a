import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shared/use-document-title';

/**
 * A text page from the locale files: `<prefix>.title`, `<prefix>.intro`, then sections
 * `<prefix>.s<n>.title` / `<prefix>.s<n>.body`. In a body, lines starting with "- " are bullets.
 */
export function Article({ prefix, sections, children }: { prefix: string; sections: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`${prefix}.title`);
  useDocumentTitle(title);
  return (
    <article className="pub-article">
      <h1>{title}</h1>
      <p className="intro">{t(`${prefix}.intro`)}</p>
      {Array.from({ length: sections }, (_, i) => i + 1).map((n) => (
        <section key={n}>
          <h2>{t(`${prefix}.s${n}.title`)}</h2>
          <Body text={t(`${prefix}.s${n}.body`)} />
        </section>
      ))}
      {children}
    </article>
  );
}

function Body({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length) blocks.push(<ul key={`ul${blocks.length}`}>{bullets.map((b, i) => <li key={i}>{b}</li>)}</ul>);
    bullets = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('- ')) bullets.push(line.slice(2));
    else {
      flush();
      if (line.trim()) blocks.push(<p key={`p${blocks.length}`}>{line}</p>);
    }
  }
  flush();
  return <>{blocks}</>;
}
