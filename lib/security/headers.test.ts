import { describe, expect, it } from 'vitest';
import { buildCsp } from './headers';

describe('the page CSP', () => {
  const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

  it("lets forms go to this site only, unless Paystack's checkout is configured (issue 27)", () => {
    expect(directive(buildCsp('n'), 'form-action')).toBe("form-action 'self'");
    const live = buildCsp('n', { formActionOrigins: ['https://checkout.paystack.com'] });
    expect(directive(live, 'form-action')).toBe("form-action 'self' https://checkout.paystack.com");
    expect(live.match(/form-action/g)).toHaveLength(1);
  });
});
