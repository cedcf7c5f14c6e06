import { fieldByName, messages, type FieldValue, type StudentRecord } from '@school/contract';
import { isFieldRequired } from '@school/contract/field-rules';
import { ApiError } from '../../api/client.ts';
import type { ProgressFlags, Registration } from '../../api/get-student.ts';
import type { SaveAnswer } from '../../api/save-student.ts';
import type { SaveStatus } from '../../components/light/save-indicator.tsx';
import { saveWithConflictRetry } from '../../lib/save-with-conflict-retry.ts';
import { fieldJudge, loadFieldJudge } from './field-judge.ts';

export type FieldStatus = SaveStatus;
/** SPEC §4/§9: the indicator stays on "saving" about 600 ms before it shows the result. */
export const SAVE_INDICATOR_MS = 600;

type Snapshot = {
  record: StudentRecord;
  progress: ProgressFlags;
  pending: ReadonlyMap<string, FieldValue>;
  status: ReadonlyMap<string, FieldStatus>;
  errors: ReadonlyMap<string, string>;
  /** Set when the server refuses saves because registration closed meanwhile. */
  closedMessage: string | null;
  offline: boolean;
};

/** What one field shows of the store: its value, save mark, message and whether it must be filled in. */
export type FieldSnapshot = { saved: FieldValue; status: FieldStatus | undefined; error: string | undefined; required: boolean };

/** The unsent changes as the device keeps them (decision 039): the changed fields and the version they were made on. */
export type UnsentChanges = { updatedAt: string; changes: Record<string, FieldValue> };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isEmpty = (value: FieldValue) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * What is wrong with a value the user entered, in the contract's words (the server's too), or
 * null when it may be saved. A required field (by the record as it stands) may not be emptied.
 * The value is judged once the contract's schemas have arrived (`loadFieldJudge`), as they have
 * by the time a value is committed.
 */
export function fieldProblem(name: string, raw: FieldValue, record: Record<string, FieldValue> = {}): string | null {
  const field = fieldByName.get(name);
  if (!field) return null;
  if (isFieldRequired(field, record) && isEmpty(raw)) return messages.required;
  const parsed = fieldJudge()?.fieldSchema(field).safeParse(raw);
  if (!parsed) return null;
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.invalidValue);
}

/**
 * The wizard's autosave (issue 4): the last saved record plus the user's pending changes. Saves
 * go one at a time with the whole record and its updatedAt; a 409 brings the newest record, on
 * which the pending changes are laid again and saved, so neither editor's change is lost; a
 * network failure keeps them and retries when the connection returns.
 */
export class AutosaveStore {
  private state: Snapshot;
  private readonly listeners = new Set<() => void>();
  private inFlight = false;
  /** The connection came back while a save was under way, which may yet fail as it went: try once more after it. */
  private retryAfterFlight = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = 2000;
  /** The record as the form shows it, made once for each state the store passes through. */
  private shown: { of: Snapshot; record: Record<string, FieldValue> } | null = null;
  /** Each field's last snapshot, kept while nothing of it changes, so that a change to one field draws only that field. */
  private readonly fieldSnapshots = new Map<string, FieldSnapshot>();

  constructor(
    initial: Registration,
    private readonly save: (record: StudentRecord) => Promise<SaveAnswer>,
    /** Hears of the unsent changes each time they change, null once none are left, to keep them on the device. */
    private readonly keep: (unsent: UnsentChanges | null) => void = () => undefined,
  ) {
    this.state = {
      record: initial.record,
      progress: initial.progress,
      pending: new Map(),
      status: new Map(),
      errors: new Map(),
      closedMessage: null,
      offline: false,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => this.state;

  private update(change: Partial<Snapshot>) {
    const before = this.state;
    this.state = { ...this.state, ...change };
    if (before.pending !== this.state.pending || before.record.updatedAt !== this.state.record.updatedAt) this.keepUnsent();
    this.listeners.forEach((listener) => listener());
  }

  private keepUnsent() {
    const { pending, record } = this.state;
    this.keep(pending.size > 0 ? { updatedAt: String(record.updatedAt), changes: Object.fromEntries(pending) } : null);
  }

  /**
   * Changes left unsent by an earlier visit (the tab closed offline): laid under any made since,
   * and sent with the version they were made on, so a record changed meanwhile answers 409 and
   * they are merged on the newest as any live save is (decision 007).
   */
  restore(unsent: UnsentChanges): void {
    const kept = Object.entries(unsent.changes).filter(([name]) => fieldByName.has(name) && !this.state.pending.has(name));
    if (kept.length === 0) return;
    // Changes made meanwhile were made on the record read now; then the kept ones go with those.
    const untouched = this.state.pending.size === 0 && !this.inFlight;
    this.update({
      pending: new Map([...kept, ...this.state.pending]),
      record: untouched ? { ...this.state.record, updatedAt: unsent.updatedAt } : this.state.record,
    });
    void this.flush();
  }

  /** What the field shows: the pending change if any, else the saved value. */
  value(name: string): FieldValue {
    return this.state.pending.has(name) ? (this.state.pending.get(name) ?? null) : (this.state.record[name] ?? null);
  }

  /** The record as the form shows it: saved values with the pending changes laid on top (not to be changed). */
  current(): Record<string, FieldValue> {
    if (this.shown?.of !== this.state) this.shown = { of: this.state, record: { ...this.state.record, ...Object.fromEntries(this.state.pending) } };
    return this.shown.record;
  }

  /**
   * What the field `name` shows, the same object for as long as none of it changes: a field that
   * reads only this draws again when its own value, mark, message or requirement changes, not at
   * every change of the form's other fields (issue 54).
   */
  fieldSnapshot(name: string): FieldSnapshot {
    const field = fieldByName.get(name);
    const next: FieldSnapshot = {
      saved: this.value(name),
      status: this.state.status.get(name),
      error: this.state.errors.get(name),
      required: field ? isFieldRequired(field, this.current()) : false,
    };
    const before = this.fieldSnapshots.get(name);
    if (before && before.saved === next.saved && before.status === next.status && before.error === next.error && before.required === next.required)
      return before;
    this.fieldSnapshots.set(name, next);
    return next;
  }

  get hasUnsaved(): boolean {
    return this.state.pending.size > 0 || this.inFlight;
  }

  /** Pending changes committed before the contract's schemas arrived: judged before they are sent. */
  private readonly unjudged = new Set<string>();

  /**
   * The user finished editing a field (blur, or a change of a select/switch/date). An invalid
   * value gets its message and is not sent; a valid changed value is queued and saved.
   */
  commit(name: string, raw: FieldValue): void {
    const judge = fieldJudge();
    // Committed before the schemas arrived (they come just after the first paint): kept as typed,
    // on the device too, like any unsent change, and judged before it is sent (flush). Meanwhile the
    // field shows it is being saved and leaving the page is questioned, as for any change.
    if (!judge) {
      this.unjudged.add(name);
      this.setStatus([name], 'saving');
      this.update({ pending: new Map(this.state.pending).set(name, raw) });
      void this.flush();
      return;
    }
    this.unjudged.delete(name);
    const field = fieldByName.get(name);
    const errors = new Map(this.state.errors);
    const problem = fieldProblem(name, raw, this.current());
    if (problem) {
      errors.set(name, problem);
      this.update({ errors });
      return;
    }
    errors.delete(name);
    const value = field ? (judge.fieldSchema(field).parse(raw) ?? null) : raw;
    if (value === this.value(name) && !this.state.pending.has(name)) {
      this.update({ errors });
      return;
    }
    const pending = new Map(this.state.pending).set(name, value);
    this.update({ errors, pending });
    void this.flush();
  }

  /** Sets or clears a field's message without saving anything (e.g. while the user corrects it). */
  setError(name: string, message: string | null): void {
    const errors = new Map(this.state.errors);
    if (message) errors.set(name, message);
    else errors.delete(name);
    this.update({ errors });
  }

  private clearStatus(name: string) {
    const next = new Map(this.state.status);
    next.delete(name);
    this.update({ status: next });
  }

  private setStatus(names: Iterable<string>, status: FieldStatus) {
    const next = new Map(this.state.status);
    for (const name of names) next.set(name, status);
    this.update({ status: next });
  }

  /** Sends the pending changes, one request at a time, until none are left or the network is down. */
  async flush(): Promise<void> {
    if (this.inFlight) return;
    this.inFlight = true;
    this.retryAfterFlight = false;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    try {
      while (this.state.pending.size > 0) {
        if (!(await this.judgeUnjudged())) {
          // The schemas could not be fetched: the network is down. The changes wait, kept.
          this.setStatus(this.unjudged, 'kept');
          this.update({ offline: true });
          this.scheduleRetry();
          return;
        }
        if (this.state.pending.size === 0) break;
        const batch = new Map(this.state.pending);
        const started = Date.now();
        this.setStatus(batch.keys(), 'saving');
        try {
          // On a 409 (someone else saved first) the batch is laid on her newer record and sent again.
          const answer = await saveWithConflictRetry({
            record: this.state.record,
            change: Object.fromEntries(batch),
            save: this.save,
            onConflict: (newest) => this.update({ record: newest }),
          });
          const pending = new Map(this.state.pending);
          for (const [name, value] of batch) if (pending.get(name) === value) pending.delete(name);
          this.update({ record: answer.record, progress: answer.progress, pending, offline: false });
          this.retryDelay = 2000;
          await wait(Math.max(0, SAVE_INDICATOR_MS - (Date.now() - started)));
          this.setStatus(
            [...batch.keys()].filter((name) => !this.state.pending.has(name)),
            'saved',
          );
        } catch (caught) {
          const error = caught instanceof ApiError ? caught : null;
          await wait(Math.max(0, SAVE_INDICATOR_MS - (Date.now() - started)));
          if (error?.status === 422 && error.body.errors) {
            const errors = new Map(this.state.errors);
            const pending = new Map(this.state.pending);
            for (const [name, list] of Object.entries(error.body.errors)) {
              errors.set(name, list[0]);
              pending.delete(name);
            }
            for (const name of batch.keys()) if (!error.body.errors[name]) pending.delete(name);
            this.update({ errors, pending });
            this.setStatus(batch.keys(), 'error');
          } else if (error?.status === 403 || error?.status === 401 || error?.status === 404) {
            // Closed registration or an ended session: these changes cannot be saved here.
            this.update({ pending: new Map(), closedMessage: error.status === 403 ? error.body.message : this.state.closedMessage });
            this.setStatus(batch.keys(), 'error');
          } else {
            // Offline, a server fault or anything unforeseen: keep the changes and try again later
            // (a field left on "saving" would never be tried again). Offline, the change is kept on
            // the device, which its mark says; a fault is marked as one.
            this.setStatus(batch.keys(), error?.isNetwork ? 'kept' : 'error');
            this.update({ offline: error?.isNetwork ?? false });
            this.scheduleRetry();
            return;
          }
        }
      }
    } finally {
      this.inFlight = false;
      this.update({});
      // Without this, a failure begun offline would leave the changes to wait for the next retry (up to 10 s).
      if (this.retryAfterFlight && this.state.pending.size > 0) this.retryNow();
    }
  }

  /**
   * Judges the changes committed before the schemas arrived, as a commit with them does (an invalid
   * one gets its message and is not sent). False when the schemas cannot be fetched.
   */
  private async judgeUnjudged(): Promise<boolean> {
    if (this.unjudged.size === 0) return true;
    if (!(await loadFieldJudge().then(Boolean, () => false))) return false;
    for (const name of [...this.unjudged]) {
      this.unjudged.delete(name);
      if (!this.state.pending.has(name)) continue;
      const raw = this.state.pending.get(name) ?? null;
      const pending = new Map(this.state.pending);
      pending.delete(name);
      this.update({ pending });
      this.clearStatus(name);
      this.commit(name, raw);
    }
    return true;
  }

  private scheduleRetry() {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, this.retryDelay);
    // At most 10 s apart: a change is saved within seconds of the connection's return even where
    // the browser does not announce it, and a try while offline fails at once and costs nothing.
    this.retryDelay = Math.min(this.retryDelay * 2, 10_000);
  }

  /** Progress flags changed elsewhere (documents uploaded or removed). */
  setProgress(progress: ProgressFlags): void {
    this.update({ progress });
  }

  /** The connection came back: save what is waiting now. */
  retryNow(): void {
    if (this.inFlight) {
      this.retryAfterFlight = true;
      return;
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    void this.flush();
  }

  dispose(): void {
    clearTimeout(this.retryTimer);
    this.listeners.clear();
  }
}
