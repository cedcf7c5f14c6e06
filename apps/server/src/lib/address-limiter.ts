/**
 * Failed sign-ins per address, counted by each server process before any database work (decision
 * 015). An attempt is counted when it arrives and given back when it succeeds or was not checked,
 * so a school's address with hundreds of students signing in is never held back by their
 * successes, while a stream of guesses is turned away at once.
 */
export function createAddressLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  /** Per address, the times of its counted attempts, oldest first. */
  const attempts = new Map<string, number[]>();
  let calls = 0;

  function forgetOld(now: number): void {
    for (const [address, times] of attempts) {
      while (times.length > 0 && times[0] <= now - windowMs) times.shift();
      if (times.length === 0) attempts.delete(address);
    }
  }

  return {
    /**
     * Counts an attempt from the address: a function that gives it back, or the seconds until the
     * address may try again when it has used its allowance.
     */
    take(address: string): { giveBack: () => void } | { retryAfter: number } {
      const now = Date.now();
      calls += 1;
      if (calls % 1000 === 0) forgetOld(now);
      const times = attempts.get(address) ?? [];
      while (times.length > 0 && times[0] <= now - windowMs) times.shift();
      if (times.length >= max) return { retryAfter: Math.max(1, Math.ceil((times[0] + windowMs - now) / 1000)) };
      times.push(now);
      attempts.set(address, times);
      let given = false;
      return {
        giveBack() {
          if (given) return;
          given = true;
          const index = times.indexOf(now);
          if (index >= 0) times.splice(index, 1);
        },
      };
    },
  };
}
