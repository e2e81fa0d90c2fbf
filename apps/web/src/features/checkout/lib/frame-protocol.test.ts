import { describe, expect, it } from 'vitest';
import { readFrameMessage } from './frame-protocol';

describe('card frame messages', () => {
  it('reads the frame protocol', () => {
    const card = { brand: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2030 };
    expect(readFrameMessage({ type: 'sandbox-pay:token', token: 'tok_x', card })).toEqual({
      type: 'token',
      token: 'tok_x',
      card,
    });
    expect(readFrameMessage({ type: 'sandbox-pay:error', message: 'Nope' })).toEqual({
      type: 'error',
      message: 'Nope',
    });
    expect(readFrameMessage({ type: 'sandbox-pay:resize', height: 320 })).toEqual({
      type: 'resize',
      height: 320,
    });
  });

  it('ignores anything else', () => {
    expect(readFrameMessage('sandbox-pay:token')).toBeNull();
    expect(readFrameMessage({ type: 'sandbox-pay:token', token: 'tok_x' })).toBeNull();
    expect(readFrameMessage({ type: 'other' })).toBeNull();
    expect(readFrameMessage({ type: 'sandbox-pay:resize', height: 1e9 })).toBeNull();
  });
});
