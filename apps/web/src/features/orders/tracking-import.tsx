import { App, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImportTrackingEndpoint, SHIPPING_LIMITS, TrackingTemplateEndpoint } from '@exship/contracts';
import { callEnvelope, download } from '../../api/call';
import { errorText } from '../../shared/api-feedback';
import { ImportWizard } from '../../shared/import-wizard';
import { saveBlob } from '../../shared/screen';

// Staff import tracking numbers (EX-ORDER-TRACKING-IMPORT): template, a validation pass whose rows
// (and their errors) are reviewed, then the import, all or nothing.

type Reply = { rows: { row: number; orderId: string; carrierCode: string; trackingNumber: string; errors: string[] }[]; applied: number };

export function TrackingImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const template = async () => {
    try {
      const { blob, fileName } = await download(TrackingTemplateEndpoint);
      saveBlob(blob, fileName);
      message.success(t('orders.trackingImport.templateDone'));
    } catch (err) {
      message.error(errorText(err, t, 'orders.trackingImport.templateFailed'));
    }
  };
  const invalidOf = (r: Reply) => r.rows.filter((row) => row.errors.length > 0).length;
  return (
    <ImportWizard<'tracking', Reply>
      open={open}
      title={t('orders.trackingImport.title')}
      onClose={onClose}
      maxBytes={SHIPPING_LIMITS.trackingImportMaxBytes}
      kinds={[{ value: 'tracking', label: t('orders.trackingImport.title'), help: t('orders.trackingImport.help'), template }]}
      upload={(_kind, file, opts) =>
        callEnvelope(ImportTrackingEndpoint, { query: { onlyValidate: opts.onlyValidate ? 'true' : 'false', skipRows: opts.skipRows.length ? opts.skipRows.join(',') : undefined }, file })
      }
      reviewRows={(r) =>
        r.rows.map((row) => ({
          row: row.row,
          OrderID: row.orderId,
          Carrier_code: row.carrierCode,
          Tracking_number: row.trackingNumber,
          [t('orders.trackingImport.errors')]: row.errors.length ? row.errors.map((e) => t(e, { defaultValue: e })).join('; ') : null,
        }))
      }
      describe={(r, stage) =>
        stage === 'validated' ? (
          invalidOf(r) > 0 ? (
            <Typography.Text type="danger">{t('orders.trackingImport.invalid', { count: invalidOf(r) })}</Typography.Text>
          ) : (
            <Typography.Text>{t('orders.trackingImport.valid', { count: r.rows.length })}</Typography.Text>
          )
        ) : (
          <Typography.Text>{t('orders.trackingImport.applied', { count: r.applied })}</Typography.Text>
        )
      }
      onImported={() => queryClient.invalidateQueries({ queryKey: ['orders'] })}
    />
  );
}
