import './locales';
import type { ReactNode } from 'react';
import type { Envelope } from '../../api/client';
import { ImportWizard, type ImportQueued } from '../../shared/import-wizard';

/** A catalog import (zones, service prices, carrier prices) through the shared import wizard. */
export function CatalogImport<R>({
  open,
  title,
  onClose,
  upload,
  importLabel,
  describeValid,
  onImported,
  template,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  upload: (file: File, onlyValidate: boolean, skipRows: number[]) => Promise<Envelope<R | ImportQueued>>;
  importLabel: string;
  describeValid: (result: R) => string;
  onImported: (result: R) => void;
  template?: () => Promise<unknown>;
}) {
  return (
    <ImportWizard<'file', R>
      open={open}
      title={title}
      onClose={onClose}
      kinds={[{ value: 'file', label: title, template }]}
      upload={(_kind, file, opts) => upload(file, opts.onlyValidate, opts.skipRows)}
      describe={(r, stage) => (stage === 'validated' ? describeValid(r) : null)}
      confirmLabel={() => importLabel}
      onImported={onImported}
    />
  );
}
