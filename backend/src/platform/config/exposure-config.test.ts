import { ConfigError, loadConfig } from './config';

/** The settings that decide what a deployment shows the public: dev routes, metrics, JSON limits. */
describe('configuration of what is exposed', () => {
  it('turns the development routes on in development only, unless DEV_ROUTES says otherwise', () => {
    expect(loadConfig({}).devRoutes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEV_ROUTES: 'false' }).devRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DEV_ROUTES: 'true' }).devRoutes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example.test' }).devOutbox).toBe(false);
  });

  it('refuses DEV_ROUTES=true in production, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true' })).toThrow(
      'DEV_ROUTES cannot be true with NODE_ENV=production',
    );
  });

  it('takes a METRICS_TOKEN of at least 32 characters', () => {
    expect(loadConfig({}).metrics.token).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(32) }).metrics.token).toBe('x'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 32 characters');
  });

  it('caps JSON containers at 1000 entries unless HTTP_JSON_MAX_ITEMS says otherwise', () => {
    expect(loadConfig({}).http.jsonMaxItems).toBe(1000);
    expect(loadConfig({ HTTP_JSON_MAX_ITEMS: '5000' }).http.jsonMaxItems).toBe(5000);
    // Below the spec's largest list (100 lessons in a section) legitimate payloads would be refused.
    expect(() => loadConfig({ HTTP_JSON_MAX_ITEMS: '50' })).toThrow('HTTP_JSON_MAX_ITEMS must be between 100');
  });
});
