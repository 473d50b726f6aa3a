import type { RoutingStatus } from '@exship/contracts';

// The carrier adapter: what a plugin's `create` returns (buy a label, void it, fetch tracking in
// batches). Like Karrio's mapper/proxy split, an adapter only translates; retries and state live in
// the shipping service.

export interface ShipAddress {
  name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/**
 * One customs line of a parcel: one per order line. Value and weight are the line's totals
 * (quantity × unit), as a CN23 declaration lists them.
 */
export interface CustomsLine {
  description: string;
  /** Harmonized System code of the variant (or its product); '' when the seller gave none. */
  hsCode: string;
  quantity: number;
  /** The line's declared value in US cents (the seller's declared value, else the variant price × quantity). */
  valueUsdCents: number;
  /** ISO 3166-1 alpha-2: the country the parcel leaves from (the sending warehouse). */
  originCountry: string;
  weightGr: number;
}

/** A city where a parcel is handled. */
export interface ShipPlace {
  city: string;
  state: string;
  country: string;
}

export interface LabelRequest {
  reference: string;
  serviceCode: string;
  weightGr: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  signature: boolean;
  /** The label's FROM: the seller's sender (its US return address when set), else the warehouse. */
  sender: ShipAddress;
  recipient: ShipAddress;
  /** Where the carrier takes the parcel over: the origin warehouse's hand-over point (absent on older requests: the sender). */
  origin?: ShipPlace;
  /** The US warehouse the parcel enters through, when the order's warehouse is in the US. */
  hub?: ShipPlace | null;
  /** Every parcel crosses a border: one line per order line (empty for an order without product lines). */
  customs: CustomsLine[];
}

export interface CarrierEvent {
  at: Date;
  status: RoutingStatus;
  code: string;
  description: string;
  city: string;
  state: string;
  country: string;
}

export interface BoughtLabel {
  trackingNumber: string;
  shipmentId: string;
  /** The carrier's own label, when it sends one; otherwise the label is drawn locally. */
  labelPdf?: Uint8Array;
  /** Events the carrier already knows (the label's creation). */
  events: CarrierEvent[];
}

export interface TrackItem {
  trackingNumber: string;
  shipmentId: string | null;
  labeledAt: Date;
  recipient: { city: string; state: string; country: string; address1: string };
  origin: ShipPlace;
  hub?: ShipPlace;
  /**
   * When the parcel left our origin warehouse (its floor check-out or its freight's departure); null:
   * it has not left yet. The poller always says; a caller that cannot know leaves it out.
   */
  leftOriginAt?: Date | null;
}
export interface TrackResult {
  trackingNumber: string;
  found: boolean;
  events: CarrierEvent[];
}
export type VoidResult = 'voided' | 'refused' | 'pending';

/** Why a call failed; `retryable` failures are tried again by the job with back-off. */
export type CarrierErrorKind = 'timeout' | 'server' | 'malformed' | 'rate-limited' | 'rejected' | 'unreachable';
export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
  get retryable(): boolean {
    return this.kind !== 'rejected';
  }
}

export interface CarrierAdapter {
  /** The plugin id (`sandbox`, `http`, …). */
  readonly kind: string;
  /** The same key always means the same label: a retried purchase never buys a second one. */
  buyLabel(req: LabelRequest, idempotencyKey: string): Promise<BoughtLabel>;
  voidLabel(shipment: { trackingNumber: string; shipmentId: string | null }, idempotencyKey: string): Promise<VoidResult>;
  /** One result per item, in the items' order. */
  track(items: readonly TrackItem[]): Promise<TrackResult[]>;
}
