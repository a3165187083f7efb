import { describe, expect, it } from 'vitest';
import { requestPath } from './request-path.ts';

describe('requestPath', () => {
  it('reads the path of an origin-form target, without the query', () => {
    expect(requestPath('/api/publishing/accounts?x=1')).toBe('/api/publishing/accounts');
    expect(requestPath('/')).toBe('/');
  });

  it('reads the same path from an absolute-form target', () => {
    expect(requestPath('http://127.0.0.1:3000/api/publishing/accounts?x=1')).toBe('/api/publishing/accounts');
    expect(requestPath('HTTPS://echo.example/studio')).toBe('/studio');
    expect(requestPath('http://echo.example')).toBe('/');
    expect(requestPath('http://echo.example?ref=a')).toBe('/');
  });
});
