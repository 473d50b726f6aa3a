import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_IMPORT_COLUMNS, FLOOR_LIMITS } from '@exship/contracts';
import { ApiError, type Envelope } from '../../api/client';
import { ImportWizard } from '../../shared/import-wizard';
import { useDownload } from '../../shared/screen';
import { FLOOR_KEY, floorApi, type BoxImportResult, type CheckInImportResult } from './api';

// SPEC §5 check-in import (.csv ≤ 5 MB) and the box import (.xlsx or .csv ≤ 10 MB), through the
// shared import wizard: upload → review → import, the row errors in its error panel. Neither route
// takes `skipRows`, so the review shows the rows as the server checked them, without leaving any out.

type Row = { row: number; errors: string[] };

/**
 * A checked file whose rows carry errors comes back as the wizard's failure: its panel lists the first
 * ones (row, column, reason), as for a 400 IMPORT_ROWS_INVALID.
 */
export function rowsFailure<R extends { rows: Row[] }>(res: Envelope<R>, message: string): Envelope<R> {
  const bad = res.data.rows.filter((r) => r.errors.length > 0);
  if (bad.length === 0) return res;
  throw new ApiError(
    400,
    'IMPORT_ROWS_INVALID',
    message,
    bad.flatMap((r) => r.errors.map((e) => ({ field: `rows.${r.row}`, message: e }))),
    { invalidRows: bad.length },
  );
}

export function CheckInImportModal({ origin, onClose }: { origin: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const template = useDownload({ done: 'pickup.import.templateDone', failed: 'pickup.import.templateFailed' });
  return (
    <ImportWizard<'check-ins', CheckInImportResult>
      open
      title={t('pickup.checkInImport.title')}
      onClose={onClose}
      extensions={['.csv']}
      maxBytes={FLOOR_LIMITS.checkInImportMaxBytes}
      deletableRows={false}
      kinds={[
        {
          value: 'check-ins',
          label: t('pickup.checkInImport.title'),
          help: t('pickup.checkInImport.help', { columns: CHECK_IN_IMPORT_COLUMNS.join(', '), warehouse: origin || t('pickup.checkInImport.defaultWarehouse') }),
          template: () => template.run('template', () => floorApi.checkInTemplate()),
        },
      ]}
      upload={async (_kind, file, { onlyValidate }) => {
        const res = await floorApi.importCheckIns(file, onlyValidate, origin || undefined);
        return onlyValidate ? rowsFailure(res, t('pickup.import.rowsInvalid')) : res;
      }}
      reviewRows={(r) =>
        r.rows.map((row) => ({
          row: row.row,
          [t('pickup.checkInImport.code')]: row.code,
          [t('pickup.checkInImport.order')]: row.exOrderId,
          [t('pickup.checkInImport.outcome')]: row.outcome ? t(`pickup.checkIn.outcome.${row.outcome}`, { defaultValue: row.outcome }) : null,
        }))
      }
      confirmLabel={(r) => t('pickup.checkInImport.confirm', { count: r.rows.length })}
      onImported={async () => {
        await queryClient.invalidateQueries({ queryKey: [FLOOR_KEY] });
      }}
    />
  );
}

export function BoxImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const template = useDownload({ done: 'pickup.import.templateDone', failed: 'pickup.import.templateFailed' });
  return (
    <ImportWizard<'boxes', BoxImportResult>
      open
      title={t('pickup.boxImport.title')}
      onClose={onClose}
      extensions={['.xlsx', '.csv']}
      maxBytes={FLOOR_LIMITS.boxImportMaxBytes}
      deletableRows={false}
      kinds={[{ value: 'boxes', label: t('pickup.boxImport.title'), help: t('pickup.boxImport.help'), template: () => template.run('template', () => floorApi.boxTemplate()) }]}
      upload={async (_kind, file, { onlyValidate }) => {
        const res = await floorApi.importBoxes(file, onlyValidate);
        return onlyValidate ? rowsFailure(res, t('pickup.import.rowsInvalid')) : res;
      }}
      reviewRows={(r) =>
        r.rows.map((row) => ({
          row: row.row,
          'Box ID': row.cartonId,
          Status: row.status ? t(`floor.cartonStatus.${row.status}`, { defaultValue: row.status }) : null,
          Location: row.location,
        }))
      }
      confirmLabel={(r) => t('pickup.boxImport.confirm', { count: r.rows.length })}
      onImported={async () => {
        await queryClient.invalidateQueries({ queryKey: [FLOOR_KEY] });
      }}
    />
  );
}
