import { certificateCodeParam, newCertificateCode } from './certificate-code';

describe('certificate codes', () => {
  it('are 16 characters of Crockford base32, different every time', () => {
    const codes = Array.from({ length: 2000 }, () => newCertificateCode());
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up: the bits are spread over the whole code.
    expect(new Set(codes.join('')).size).toBe(32);
  });

  it('are read back as typed: any case, in groups, with O, I and L for 0 and 1', () => {
    const code = newCertificateCode();
    expect(certificateCodeParam(code)).toBe(code);
    expect(certificateCodeParam(code.toLowerCase().match(/.{4}/g)!.join('-'))).toBe(code);
    expect(certificateCodeParam('k7m2-q9x4-b8c3-d5fo')).toBe('K7M2Q9X4B8C3D5F0');
    expect(certificateCodeParam('IL00 0000 0000 0000')).toBe('1100000000000000');
  });

  it('refuse anything else with 404 CERTIFICATE_NOT_FOUND', () => {
    for (const bad of [
      '',
      'K7M2Q9X4B8C3D5F',
      'K7M2Q9X4B8C3D5F6A',
      'K7M2Q9X4B8C3D5FU',
      '../../etc',
      42,
      null,
      'x'.repeat(41),
    ])
      expect(() => certificateCodeParam(bad)).toThrow(
        expect.objectContaining({
          code: 'CERTIFICATE_NOT_FOUND',
          status: 404,
          message: 'Certificate not found: check the code on the certificate',
        }),
      );
  });
});
