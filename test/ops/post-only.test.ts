/** The post-only input rule shared by `--post-only` and serve's `post_only`. */
import { describe, expect, it } from 'vitest';
import { postOnlyOf } from '../../src/ops/post-only.js';
import { usage } from '../helpers/failure.js';

const CLI = { postOnly: '--post-only', orderType: '--type' };
const SERVE = { postOnly: 'post_only', orderType: 'order_type' };

describe('postOnlyOf', () => {
  it('absent or false is false; true on gtc is true', () => {
    expect(postOnlyOf(undefined, 'gtc', CLI)).toBe(false);
    expect(postOnlyOf(false, 'fok', SERVE)).toBe(false);
    expect(postOnlyOf(true, 'gtc', SERVE)).toBe(true);
  });

  it('true on ioc/fok is a usage error in the caller\'s own words', () => {
    expect(usage(() => postOnlyOf(true, 'ioc', CLI)).message).toBe('--post-only orders rest on the book, so they must be --type gtc (got ioc)');
    expect(usage(() => postOnlyOf(true, 'fok', SERVE)).message).toBe('post_only orders rest on the book, so they must be order_type gtc (got fok)');
  });

  it('anything but a boolean is refused', () => {
    for (const v of ['yes', 1, 'true', {}]) expect(usage(() => postOnlyOf(v, 'gtc', SERVE)).message).toMatch(/^post_only must be true or false/);
  });
});
