import { describe, expect, it } from 'vitest';
import { effectiveHostname, hostRules, httpsRedirectTarget, HOST_OVERRIDE_KEY, isLocalHost } from '../../../../screens/public/hostRules';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('hostRules', () => {
  it.each(['example.se', 'www.example.se', 'min.example.se', 'min-dev.example.se', 'min-staging.example.se', 'min-temp.example.se', 'min.localhost', 'localhost', '127.0.0.1'])(
    'gives the portal route set to %s',
    (host) => {
      expect(hostRules(host).routeSet).toBe('portal');
      expect(hostRules(host).containerName).toBeUndefined();
    },
  );

  it('resolves any other subdomain as the organisation of that name', () => {
    expect(hostRules('demo.localhost')).toEqual({ routeSet: 'organisation', containerName: 'demo', testBanner: false });
    expect(hostRules('acme.example.se')).toEqual({ routeSet: 'organisation', containerName: 'acme', testBanner: false });
  });

  it('takes the label after jobb, jobb-local, jobb-dev or jobb-staging as the organisation name', () => {
    for (const j of ['jobb', 'jobb-local', 'jobb-dev', 'jobb-staging']) {
      expect(hostRules(`${j}.demo.example.se`)).toMatchObject({ routeSet: 'organisation', containerName: 'demo' });
      expect(hostRules(`${j}.demo.localhost`)).toMatchObject({ routeSet: 'organisation', containerName: 'demo' });
    }
  });

  it('uses the domain name for a jobb host on the organisation’s own domain', () => {
    expect(hostRules('jobb.acme.se')).toEqual({ routeSet: 'organisation', containerName: 'acme', testBanner: false });
  });

  it('leaves the organisation unnamed for a bare jobb host on localhost', () => {
    expect(hostRules('jobb.localhost')).toEqual({ routeSet: 'organisation', testBanner: false });
  });

  it('shows the test banner when the first label contains min-dev or min-staging', () => {
    expect(hostRules('min-dev.example.se').testBanner).toBe(true);
    expect(hostRules('min-staging.localhost').testBanner).toBe(true);
    expect(hostRules('x-min-dev2.example.se').testBanner).toBe(true);
    expect(hostRules('min.example.se').testBanner).toBe(false);
    expect(hostRules('demo.min-dev.example.se').testBanner).toBe(false);
  });

  it('ignores case and a trailing dot', () => {
    expect(hostRules('DEMO.Localhost.')).toMatchObject({ routeSet: 'organisation', containerName: 'demo' });
  });
});

describe('httpsRedirectTarget', () => {
  const loc = { pathname: '/12_x', search: '?a=1', hash: '#h' };

  it('sends plain http on a real host to https with path, query and hash kept', () => {
    expect(httpsRedirectTarget({ ...loc, protocol: 'http:', hostname: 'jobb.acme.se', host: 'jobb.acme.se:8080' })).toBe('https://jobb.acme.se:8080/12_x?a=1#h');
  });

  it('leaves https and localhost alone', () => {
    expect(httpsRedirectTarget({ ...loc, protocol: 'https:', hostname: 'acme.se', host: 'acme.se' })).toBeNull();
    expect(httpsRedirectTarget({ ...loc, protocol: 'http:', hostname: 'demo.localhost', host: 'demo.localhost:3000' })).toBeNull();
    expect(httpsRedirectTarget({ ...loc, protocol: 'http:', hostname: '127.0.0.1', host: '127.0.0.1:3000' })).toBeNull();
  });
});

describe('effectiveHostname', () => {
  it('remembers a ?host= override on localhost for the rest of the tab', () => {
    const s = memoryStorage();
    expect(effectiveHostname({ hostname: 'localhost', search: '?host=min-dev.example.se' }, s)).toBe('min-dev.example.se');
    expect(s.getItem(HOST_OVERRIDE_KEY)).toBe('min-dev.example.se');
    expect(effectiveHostname({ hostname: 'localhost', search: '' }, s)).toBe('min-dev.example.se');
  });

  it('clears the override with an empty ?host=', () => {
    const s = memoryStorage();
    s.setItem(HOST_OVERRIDE_KEY, 'acme.example.se');
    expect(effectiveHostname({ hostname: 'localhost', search: '?host=' }, s)).toBe('localhost');
    expect(s.getItem(HOST_OVERRIDE_KEY)).toBeNull();
  });

  it('ignores the override on a real host', () => {
    const s = memoryStorage();
    s.setItem(HOST_OVERRIDE_KEY, 'evil.example.se');
    expect(effectiveHostname({ hostname: 'jobb.acme.se', search: '?host=other.example.se' }, s)).toBe('jobb.acme.se');
    expect(s.getItem(HOST_OVERRIDE_KEY)).toBe('evil.example.se');
  });

  it('refuses an override that is not a host name', () => {
    const s = memoryStorage();
    expect(effectiveHostname({ hostname: 'localhost', search: '?host=%3Cscript%3E' }, s)).toBe('localhost');
    expect(s.getItem(HOST_OVERRIDE_KEY)).toBeNull();
  });

  it('knows loopback host names', () => {
    expect(isLocalHost('demo.localhost')).toBe(true);
    expect(isLocalHost('127.0.0.1')).toBe(true);
    expect(isLocalHost('localhost.example.se')).toBe(false);
  });
});
