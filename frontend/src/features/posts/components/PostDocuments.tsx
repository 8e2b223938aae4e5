import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import type { PostDocument } from '@/resources/posts';

/** Sizes as people read them, through Intl (e.g. 1.2 MB, ١٫٢ ميغابايت). */
function useFileSize(): (bytes: number) => string {
  const { i18n } = useTranslation();
  return (bytes) => {
    const [value, unit] =
      bytes >= 1_000_000
        ? [bytes / 1_000_000, 'megabyte']
        : bytes >= 1_000
          ? [bytes / 1_000, 'kilobyte']
          : [bytes, 'byte'];
    return numberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
      value,
    );
  };
}

/** A post's attached documents as download links with their name and size. */
export function PostDocuments({ documents }: { documents: PostDocument[] }) {
  const { t } = useTranslation();
  const size = useFileSize();
  return (
    <ul className="post-documents" aria-label={t('posts.media.documents')}>
      {documents.map((doc) => (
        <li key={doc.url}>
          <a href={doc.url} download={doc.name ?? true} className="post-documents__link">
            <span className="post-documents__name">{doc.name ?? t('posts.media.document')}</span>
            <span className="muted"> · {size(doc.bytes)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
