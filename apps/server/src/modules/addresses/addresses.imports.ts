import { z } from 'zod';
import { ADDRESS_CHECK_COLUMNS, ADDRESS_CHECK_LIMITS, textField, type AddressCheckBatch, type AddressCheckHeader } from '@exship/contracts';
import { defineImport } from '../../platform/imports';
import { templateWorkbook, type SheetTemplate } from '../../platform/xlsx';
import { batchDto, type AddressCheckService, type AddressRowInput } from './addresses.service';

// SPEC §2 address check by file, §5 (xlsx, 5 MB): the one import pipeline reads and checks the sheet
// (exact header, text cells, lengths; a bad file or cell names the file, row and column and stores
// nothing), then the rows are checked offline and stored as one batch in the same transaction.

export const ADDRESS_CHECK_TEMPLATE: SheetTemplate<AddressCheckHeader> = {
  sheetName: 'Addresses',
  columns: ADDRESS_CHECK_COLUMNS,
  maxRows: ADDRESS_CHECK_LIMITS.maxRows,
  maxBytes: ADDRESS_CHECK_LIMITS.maxBytes,
};

const L = ADDRESS_CHECK_LIMITS;
// A cell read as a number (a ZIP typed without the text format) is read back as its digits.
const cell = (max: number, key: string) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), textField().trim().max(max, key).optional().default(''));

const AddressRowSchema = z.object({
  Country: cell(L.countryMax, 'validation.addressCheck.country.max'),
  State: cell(L.stateMax, 'validation.addressCheck.state.max'),
  City: cell(L.cityMax, 'validation.addressCheck.city.max'),
  // A ZIP typed as a number loses its leading zero (02108 → 2108): five digits are restored.
  Zip: z.preprocess((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 100_000 ? String(v).padStart(5, '0') : typeof v === 'number' ? String(v) : v), textField().trim().max(L.zipMax, 'validation.addressCheck.zip.max').optional().default('')),
  Address_1: cell(L.addressMax, 'validation.max255'),
  Address_2: cell(L.addressMax, 'validation.max255'),
});

export const templateFile = () => templateWorkbook(ADDRESS_CHECK_TEMPLATE, [['US', 'NY', 'New York', '10001', '350 5th Ave', 'Floor 3']]);

/** The file import, bound to the module's service (its provider decides what stays pending). */
export function addressCheckImport(service: AddressCheckService) {
  return defineImport({
    name: 'addresses.check-file',
    template: ADDRESS_CHECK_TEMPLATE,
    rowSchema: AddressRowSchema,
    inlineMaxBytes: L.inlineMaxBytes,
    async commit(rows, tx, actor, _prepared, file) {
      const inputs: AddressRowInput[] = rows.map((r) => ({
        rowNumber: r.row,
        country: r.data!.Country,
        state: r.data!.State,
        city: r.data!.City,
        zip: r.data!.Zip,
        address1: r.data!.Address_1,
        address2: r.data!.Address_2,
      }));
      return service.insertFileBatch(tx, actor, file.fileName, inputs);
    },
    afterCommit: async (batch) => {
      if (batch.pendingCount > 0) await service.queueVerify(batch.id);
    },
    summary: ({ committed }): { batch: AddressCheckBatch } => ({ batch: batchDto(committed!) }),
  });
}
