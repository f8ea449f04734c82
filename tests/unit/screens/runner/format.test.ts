import { describe, expect, it } from 'vitest';
import sv from '../../../../schemas/messages/sv.json';
import action from '../../../../schemas/actions/integrations/create_apiKey.json';
import { formatCell } from '../../../../screens/runner/format';

describe("a list cell of format 'scopes' (the API keys' list)", () => {
  it('shows every scope an API key may have by its Swedish name, never the raw scope', () => {
    const scopes = JSON.stringify(action).match(/"enum":\s*\[([^\]]*)\]/)![1]!.match(/"([^"]+)"/g)!.map((s) => s.slice(1, -1));
    expect(scopes.length).toBeGreaterThan(1);
    const text = formatCell(scopes, 'scopes');
    for (const s of scopes) expect(text).not.toContain(s);
    expect(formatCell(['positions:read', 'applications:write'], 'scopes')).toBe(`${sv.apiKeyScopes['positions:read']}, ${sv.apiKeyScopes['applications:write']}`);
  });
});
