import { describe, expect, it } from 'vitest';
import { slackEscape } from './slack';

describe('slackEscape', () => {
  it('escapes the three characters Slack reads as markup', () => {
    expect(slackEscape('Fish & Chips <b>')).toBe('Fish &amp; Chips &lt;b&gt;');
  });
  it('turns <!here>, user mentions and links into plain text', () => {
    const out = slackEscape('<!here> ping <@U123> see <https://evil.example|click>');
    expect(out).not.toMatch(/[<>]/);
    expect(out).toContain('&lt;!here&gt;');
    expect(out).not.toContain('https://');
  });
  it('breaks bare @channel and URLs so they neither notify nor link', () => {
    const out = slackEscape('@channel visit http://x.test or www.x.test');
    expect(out).not.toMatch(/@channel/);
    expect(out).not.toContain('http://');
    expect(out).not.toMatch(/www\./);
  });
});
