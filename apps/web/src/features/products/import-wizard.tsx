import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIMITS } from '@exship/contracts';
import { productsApi, type ProductImportKind, type ProductImportResult } from '../../api/endpoints';
import { ImportWizard as SharedImportWizard } from '../../shared/import-wizard';
import { useTemplateDownload } from './shared';

export { PROGRESS, parseRowField } from '../../shared/import-wizard';

/** Product imports (products, variants, partner ids, weight thresholds) through the shared wizard. */
export function ImportWizard({ open, onClose, kinds }: { open: boolean; onClose: () => void; kinds: ProductImportKind[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const template = useTemplateDownload();
  const summary = (r: ProductImportResult) =>
    r.created ? t('products.import.created', { products: r.created.products, variants: r.created.variants }) : t('products.import.updated', { count: r.updated ?? r.totalRows });
  return (
    <SharedImportWizard<ProductImportKind, ProductImportResult>
      open={open}
      onClose={onClose}
      title={t('products.import.title')}
      kinds={kinds.map((k) => ({ value: k, label: t(`products.import.kind.${k}`), help: t(`products.import.help.${k}`), template: () => template.run(k) }))}
      upload={(kind, file, opts) => productsApi.importFile(kind, file, opts.onlyValidate, opts.skipRows)}
      reviewRows={(r) => r.rows}
      describe={(r, stage) => (stage === 'imported' ? summary(r) : null)}
      onImported={async () => {
        await queryClient.invalidateQueries({ queryKey: ['products'] });
        await queryClient.invalidateQueries({ queryKey: ['weight-configs'] });
      }}
      maxBytes={PRODUCT_LIMITS.importMaxBytes}
    />
  );
}
