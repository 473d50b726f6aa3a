import { useEffect } from 'react';
import { PRODUCT_NAME } from '@exship/contracts';

/** SPEC §2: the page title is '{name} | ' followed by the product name. */
export function useDocumentTitle(name: string | null | undefined): void {
  useEffect(() => {
    document.title = name ? `${name} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [name]);
}
