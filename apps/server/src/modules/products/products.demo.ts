import { ProductCreateBodySchema, type ProductCreateBody } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { findUserByEmail, loadPrincipal } from '../users';
import { changeApproval, createProduct, type Actor } from './products.service';

// Demo data for a fresh install: the demo seller's catalogue at each approval step — an accepted
// product with two variants (usable in orders), one waiting for staff review, one draft.

const MUG = {
  name: 'Ceramic coffee mug',
  aliasName: 'Mug',
  hsCode: '6912.00',
  material: 'Ceramic',
  shape: 'Box',
  lengthCm: 12,
  widthCm: 9,
  heightCm: 10,
  weightGr: 380,
  variants: [
    { sku: 'MUG-WHT-11OZ', price: 12 },
    { sku: 'MUG-BLK-15OZ', price: 15, lengthCm: 13, widthCm: 10, heightCm: 12, weightGr: 450 },
  ],
};
const TOTE = {
  name: 'Cotton tote bag',
  hsCode: '4202.92',
  material: 'Cotton canvas',
  shape: 'Flat',
  lengthCm: 38,
  widthCm: 42,
  heightCm: 1,
  weightGr: 160,
  variants: [{ sku: 'TOTE-NAT', price: 18 }],
};
const PINS = {
  name: 'Enamel pin set',
  hsCode: '7117.19',
  material: 'Zinc alloy',
  lengthCm: 10,
  widthCm: 8,
  heightCm: 1,
  weightGr: 40,
  variants: [{ sku: 'PIN-SET-3', price: 9 }],
};

async function actorFor(db: Db, email: string): Promise<Actor | null> {
  const user = await findUserByEmail(db, email);
  const principal = user && (await loadPrincipal(db, user.id));
  if (!principal) return null;
  return { userId: user.id, accountId: user.accountId, permissions: new Set(principal.permissions) };
}

/** Seeds the demo seller's products through the same use cases as the screens; false when the seller or admin is missing. */
export async function seedDemoProducts(db: Db, sellerEmail: string, adminEmail: string): Promise<boolean> {
  const [seller, admin] = await Promise.all([actorFor(db, sellerEmail), actorFor(db, adminEmail)]);
  if (!seller || !admin) return false;
  const create = (body: object) => createProduct(db, seller, ProductCreateBodySchema.parse(body) as ProductCreateBody);
  const mug = await create(MUG);
  await changeApproval(db, seller, mug.id, 'submit');
  await changeApproval(db, admin, mug.id, 'accept');
  const tote = await create(TOTE);
  await changeApproval(db, seller, tote.id, 'submit');
  await create(PINS);
  return true;
}
