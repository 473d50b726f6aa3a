import { saveBlob } from '../../shared/screen';
import { floorApi } from './api';

// The carton's 4x6 label (SPEC §3: its id as a barcode, its destination and parcel count).

/**
 * Opens the carton's label in a new tab. The tab is opened at once (in the click or key press, which
 * a pop-up blocker allows) and given the PDF when it arrives; without a tab the file is saved.
 */
export async function openLabel(cartonId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob, fileName } = await floorApi.cartonLabel(cartonId);
    const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
    if (tab) {
      const url = URL.createObjectURL(pdf);
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } else {
      saveBlob(pdf, fileName.endsWith('.pdf') ? fileName : `${cartonId}.pdf`);
    }
  } catch (err) {
    tab?.close();
    throw err;
  }
}
