import type { ProductApprovalAction, ProductApprovalStatus } from '@exship/contracts';

// SPEC §4 product approval: draft → waiting approval → accepted | rejected; a rejected product
// may be submitted again. The server enforces it; the web shows only the actions it allows.
export const PRODUCT_APPROVAL_TRANSITIONS = {
  submit: { from: ['draft', 'rejected'], to: 'waiting_approval' },
  accept: { from: ['waiting_approval'], to: 'accepted' },
  reject: { from: ['waiting_approval'], to: 'rejected' },
} as const satisfies Record<ProductApprovalAction, { from: readonly ProductApprovalStatus[]; to: ProductApprovalStatus }>;

/** The status an approval action leads to, or null when the action is not allowed from `status`. */
export function nextApprovalStatus(status: ProductApprovalStatus, action: ProductApprovalAction): ProductApprovalStatus | null {
  const rule = PRODUCT_APPROVAL_TRANSITIONS[action];
  return (rule.from as readonly ProductApprovalStatus[]).includes(status) ? rule.to : null;
}

/** The approval actions allowed from `status`, in the order submit, accept, reject. */
export function allowedApprovalActions(status: ProductApprovalStatus): ProductApprovalAction[] {
  return (Object.keys(PRODUCT_APPROVAL_TRANSITIONS) as ProductApprovalAction[]).filter((a) => nextApprovalStatus(status, a) !== null);
}

/**
 * A seller's edit of a product sends it back to draft (it needs approval again) and is refused while
 * it waits for review (null); an edit by staff acting for the customer keeps the status.
 */
export function approvalAfterEdit(status: ProductApprovalStatus, editor: 'seller' | 'staff'): ProductApprovalStatus | null {
  if (editor === 'staff') return status;
  return status === 'waiting_approval' ? null : 'draft';
}
