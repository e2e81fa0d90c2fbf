import { describe, expect, it } from 'vitest';
import { afterCartChange } from '../../../shared/cart/offline-tenders';
import { addTender, removeTenderAt, tenderedTotal } from './tender-rules';

describe('offline tender rules', () => {
  it('replaces an earlier cash or credit tender of the same type', () => {
    let tenders = addTender([], { tenderType: 'cash', amount: 500 });
    tenders = addTender(tenders, { tenderType: 'credit', amount: 200 });
    tenders = addTender(tenders, { tenderType: 'cash', amount: 700 });
    tenders = addTender(tenders, { tenderType: 'credit', amount: 300 });
    expect(tenders).toEqual([
      { tenderType: 'cash', amount: 700 },
      { tenderType: 'credit', amount: 300 },
    ]);
  });

  it('keeps several vouchers and cheques', () => {
    let tenders = addTender([], { tenderType: 'offline-voucher', amount: 500 });
    tenders = addTender(tenders, { tenderType: 'offline-voucher', amount: 250 });
    tenders = addTender(tenders, { tenderType: 'cheque', amount: 100 });
    expect(tenders).toHaveLength(3);
    expect(tenderedTotal(tenders)).toBe(850);
  });

  it('removes a type when its amount is zero or less', () => {
    const tenders = [
      { tenderType: 'cash' as const, amount: 500 },
      { tenderType: 'cheque' as const, amount: 100 },
    ];
    expect(addTender(tenders, { tenderType: 'cash', amount: 0 })).toEqual([
      { tenderType: 'cheque', amount: 100 },
    ]);
    expect(addTender(tenders, { tenderType: 'cheque', amount: -5 })).toEqual([
      { tenderType: 'cash', amount: 500 },
    ]);
    expect(removeTenderAt(tenders, 0)).toEqual([{ tenderType: 'cheque', amount: 100 }]);
  });

  it('keeps only the credit tender after a cart change', () => {
    const tenders = [
      { tenderType: 'cash' as const, amount: 500 },
      { tenderType: 'credit' as const, amount: 200 },
      { tenderType: 'offline-voucher' as const, amount: 100 },
    ];
    expect(afterCartChange(tenders)).toEqual([{ tenderType: 'credit', amount: 200 }]);
  });
});
