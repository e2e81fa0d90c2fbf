import { beforeEach, describe, expect, it } from 'vitest';
import { initModes, parseModeFlag, readStoredModes } from './modes';

describe('modes', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads query flags', () => {
    expect(parseModeFlag('true')).toBe(true);
    expect(parseModeFlag('1')).toBe(true);
    expect(parseModeFlag('')).toBe(true);
    expect(parseModeFlag('false')).toBe(false);
    expect(parseModeFlag(null)).toBeUndefined();
    expect(parseModeFlag('maybe')).toBeUndefined();
  });

  it('sets the modes from the query and keeps them for the tab', () => {
    expect(initModes('?embedded=true', sessionStorage)).toEqual({ embedded: true, kiosk: false });
    expect(initModes('', sessionStorage)).toEqual({ embedded: true, kiosk: false });
    expect(initModes('?kiosk=true', sessionStorage)).toEqual({ embedded: true, kiosk: true });
    expect(readStoredModes(sessionStorage)).toEqual({ embedded: true, kiosk: true });
    expect(initModes('?embedded=false&kiosk=0', sessionStorage)).toEqual({ embedded: false, kiosk: false });
    expect(readStoredModes(sessionStorage)).toEqual({ embedded: false, kiosk: false });
  });
});
