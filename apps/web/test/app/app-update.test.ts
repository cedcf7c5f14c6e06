import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from '../../src/app/app-update.ts';

describe('the update state of the page', () => {
  it('offers nothing and takes nothing until the service worker offers a version', () => {
    const update = createAppUpdate();
    expect(update.offered).toBe(false);
    expect(() => update.take('/dashboard')).not.toThrow();
  });

  it('tells its listeners of an offer, and hands the destination to the taker', () => {
    const update = createAppUpdate();
    const listener = vi.fn();
    const unsubscribe = update.subscribe(listener);
    const take = vi.fn();
    update.offer(take);
    expect(update.offered).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    update.take('/attendance');
    expect(take).toHaveBeenCalledExactlyOnceWith('/attendance');
    unsubscribe();
    update.offer(take);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
