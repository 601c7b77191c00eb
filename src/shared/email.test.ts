import { describe, expect, it } from 'vitest';
import { describeCharacter, lookalikeCharacter, normaliseDomain, normaliseEmail } from './email';

const KELVIN = '\u212A';

describe('normaliseEmail', () => {
  it('trims and folds case, so one person is one address', () => {
    expect(normaliseEmail('  Ana@Agency.TEST ')).toBe('ana@agency.test');
  });

  it('applies NFKC, so compatibility forms and decomposed accents compare as one', () => {
    expect(normaliseEmail(`${KELVIN}ate@agency.test`)).toBe('kate@agency.test');
    expect(normaliseEmail('ｋａｔｅ@agency.test')).toBe('kate@agency.test');
    expect(normaliseEmail('rene\u0301@agency.test')).toBe('ren\u00e9@agency.test');
    expect(normaliseEmail('RENÉ@agency.test')).toBe('ren\u00e9@agency.test');
  });

  it('keeps ß and final sigma apart from ss and sigma, as IDNA2008 does', () => {
    expect(normaliseEmail('straße@agency.test')).not.toBe(normaliseEmail('strasse@agency.test'));
  });

  it('reads an allowed domain the same way, with or without its @', () => {
    expect(normaliseDomain(' @Agency.Test')).toBe('agency.test');
  });
});

describe('lookalikeCharacter', () => {
  it('finds the Kelvin sign, which only matches K after folding', () => {
    expect(lookalikeCharacter(`${KELVIN}ate@agency.test`)).toBe(KELVIN);
    expect(lookalikeCharacter(`kate@o${KELVIN}.test`)).toBe(KELVIN);
    expect(describeCharacter(KELVIN)).toBe(`U+212A (${KELVIN}, read as k)`);
  });

  it('finds fullwidth letters, ligatures and the long s', () => {
    expect(lookalikeCharacter('ｋate@agency.test')).toBe('ｋ');
    expect(lookalikeCharacter('\ufb00@agency.test')).toBe('\ufb00');
    expect(lookalikeCharacter('\u017Fam@agency.test')).toBe('\u017F');
  });

  it('lets plain addresses through, in any case and with accents of their own', () => {
    for (const address of [
      'Ana@Agency.Test',
      'rené@agency.test',
      'rene\u0301@agency.test',
      'straße@agency.test',
      'İlker@agency.test',
      'ana@bücher.example',
    ])
      expect(lookalikeCharacter(address)).toBeNull();
  });
});
