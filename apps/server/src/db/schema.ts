import type { AuditAction, CompletenessStepKey, FieldValue, ProgressFlagKey, StaffRole } from '@school/contract';
import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC text; flags are integers 0/1 (SPEC §3).
 * The students table has one column per field of the contract's `studentFields`.
 */
export type StudentsTable = {
  id: string;
  created_at: string;
  updated_at: string;
} & Record<string, FieldValue>;

/** A student's school account (decision 076): set or imported by the office, matched at a sign-in with the school's provider. */
export type StudentSchoolAccountsTable = {
  student_id: string;
  /** Her address at the school's provider, in lower case. */
  account: string;
  /** The provider's `sub` for her, kept at her first sign-in there. */
  provider_subject: string | null;
  set_at: string;
  /** When she last signed in with the provider. */
  provider_seen_at: string | null;
};

export type StudentAccountsTable = {
  student_id: string;
  password_hash: string | null;
  password_reset: number;
  password_changed_at: string | null;
};

export type AdminUsersTable = {
  id: Generated<number>;
  username: string;
  password_hash: string;
  must_change_password: number;
  created_at: string;
  /** The account's one role (decision 048). */
  role: Generated<StaffRole>;
  /** The name the staff screen and the audit show; null shows the username. */
  display_name: string | null;
  /** A teacher's classes, class IDs joined by commas ('' for none). */
  classes: Generated<string>;
  /** 1 once disabled: no sign-in, and no session reads as signed in. */
  disabled: Generated<number>;
  /** Where her security notices go (decision 047); null sends none. */
  email: Generated<string | null>;
  /** The school's sign-in provider's `sub` for her, kept at her first sign-in there (decision 076). */
  provider_subject?: string | null;
  /** When she last signed in with the school's provider (OIDC_STALE_DAYS, decision 076). */
  provider_seen_at?: string | null;
} & SecondFactorColumns;

/** An account's second factor (decision 043): a staff member's and a guardian's, in the same columns of her account's row. */
export type SecondFactorColumns = {
  /** The authenticator-app secret (base32) once confirmed by a code, else null. */
  totp_secret: string | null;
  /** A secret handed out for enrolment, waiting for its first code. */
  totp_pending_secret: string | null;
  /** The time step of the last code accepted: a code of that step or an earlier one is refused. */
  totp_last_step: number | null;
  /** Wrong codes since the last right one. */
  factor_failures: Generated<number>;
  /** ISO-8601 instant until which codes are refused after too many wrong ones. */
  factor_locked_until: string | null;
};

/** A staff account's single-use recovery code (decision 043), kept only as its SHA-256. */
export type StaffRecoveryCodesTable = {
  admin_id: number;
  code_hash: string;
  used_at: string | null;
};

/** A guardian's single-use recovery code (decisions 043 and 062), kept only as its SHA-256. */
export type GuardianRecoveryCodesTable = {
  guardian_id: number;
  code_hash: string;
  used_at: string | null;
};

/** A passkey (WebAuthn credential) a staff member added as her second factor (decision 043). */
export type StaffPasskeysTable = {
  id: Generated<number>;
  admin_id: number;
} & PasskeyColumns;

/** A passkey a guardian added as her second factor (decision 062), kept as a staff member's is. */
export type GuardianPasskeysTable = {
  id: Generated<number>;
  guardian_id: number;
} & PasskeyColumns;

/** What is kept of a passkey, whoever added it. */
export type PasskeyColumns = {
  /** The credential's ID as the browser names it (base64url). */
  credential_id: string;
  /** The credential's public key, COSE-encoded (base64url). */
  public_key: string;
  /** The signature counter it last gave (a bigint: PostgreSQL may read it back as text). */
  counter: number | string;
  /** How the browser reaches the authenticator ('internal', 'usb'...), joined by commas. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

/** The challenge of one passkey ceremony a session began: taken once, before `expires_at`. */
export type PasskeyChallengesTable = {
  session_hash: string;
  purpose: 'register' | 'sign-in' | 'step-up';
  challenge: string;
  expires_at: string;
};

/** Bulk exports of a staff member on a school day (decision 049). */
export type ExportAllowanceTable = {
  admin_id: number;
  /** The school day, YYYY-MM-DD in the school's time zone. */
  day: string;
  exports: number;
  /** Student records she read that day (issue 49): every 100, or part of 100, counts as one export. */
  record_reads: Generated<number>;
};

/** A student record a staff member read in an hour (issue 49): the first read in the hour counts, a second is free. */
export type RecordReadsTable = {
  admin_id: number;
  /** The hour, YYYY-MM-DDTHH in UTC. */
  hour: string;
  student_id: string;
};

/** How many different student records a staff member read in an hour (issue 49). */
export type RecordReadHoursTable = {
  admin_id: number;
  hour: string;
  reads: number;
};

export type SessionsTable = {
  /** SHA-256 of the cookie value; the cookie itself is never stored. */
  id_hash: string;
  kind: 'guest' | 'student' | 'admin' | 'guardian';
  student_id: string | null;
  admin_id: number | null;
  /** The guardian of a `guardian` session (decision 062). */
  guardian_id?: number | null;
  /** 1 while a student signed in with her date of birth and must set a password. */
  restricted: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  /** ISO-8601 instant the session last gave a second factor (sign-in or step-up), else null. */
  second_factor_at?: string | null;
  /** 1 when the school's provider said the sign-in used more than one factor (decision 076). */
  provider_factor?: number;
  /** The browser and system the session signed in from, as its User-Agent names them. */
  device?: string | null;
  /**
   * When the session proved it is the account holder's before enrolling a first second factor
   * (STAFF_MFA=required): a code sent to her notice address, or the one-time password it signed in with.
   */
  enrolment_verified_at?: string | null;
  /** SHA-256 of the code last sent to her notice address for that, when it expires, and the tries at it. */
  enrolment_code_hash?: string | null;
  enrolment_code_expires_at?: string | null;
  enrolment_code_tries?: number;
};

export type TownsTable = { town_name: string; regional_corporation: string | null };
export type ReligionsTable = { code: string; religion: string };
export type EthnicGroupsTable = { id: string; group_type: string };
export type RegionalCorporationsTable = { title: string };
export type HousesTable = { id: string; name: string };
export type FormClassesTable = { id: string; form_level: number };
export type PrimarySchoolsTable = { id: Generated<number>; name: string; town_name: string | null };

export type RegistrationStatusTable = {
  form_level: number;
  open: number;
  /** ISO-8601 UTC instant after which students may no longer edit, or null for none. */
  deadline: string | null;
  updated_at: string;
};

/** The progress row's column that says she has reviewed a step this year. */
export type ReviewedColumn = `${CompletenessStepKey}_reviewed`;

/**
 * A student's progress: one column per flag of the contract's `progressSteps` (a step's is 1 when
 * it is complete and reviewed), and per step whether she has reviewed it this year (decision 026).
 */
export type FormProgressTable = Record<ProgressFlagKey, number> &
  Record<ReviewedColumn, Generated<number>> & {
    student_id: string;
    /** The school's date (yyyymmdd) on which `submit` last became 1, 0 while it is not (migration 016). */
    completed_on: Generated<number>;
  };

export type UploadedFilesTable = {
  id: Generated<number>;
  student_id: string;
  file_type: string;
  original_name: string;
  stored_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: string;
};

/** The bytes of a stored file, when the database is the file store (decision 013). */
export type StoredFilesTable = { key: string; bytes: Buffer; size_bytes: number; created_at: string };

export type StudentDataFilesTable = { student_id: string; data: string; updated_at: string };

export type TermReportsTable = {
  id: Generated<number>;
  year: number;
  term: string;
  posted: number;
  date_posted: string | null;
};

export type TermSummariesTable = {
  id: Generated<number>;
  student_id: string;
  year: number;
  term: string;
  form_level: number;
  class_id: string;
  days_present: number | null;
  days_possible: number | null;
  lates: number | null;
  conduct: string | null;
  teacher_comment: string | null;
  principal_comment: string | null;
};

export type TermResultsTable = {
  id: Generated<number>;
  student_id: string;
  year: number;
  term: string;
  subject: string;
  mark: number | null;
  comment: string | null;
};

/** A report card uploaded as a PDF for one student and term (decision 021); its bytes are in the file store. */
export type ReportCardFilesTable = {
  id: Generated<number>;
  student_id: string;
  year: number;
  term: string;
  stored_name: string;
  size_bytes: number;
  created_at: string;
};

export type AttendanceRecordsTable = {
  id: Generated<number>;
  student_id: string;
  date_scanned: string;
  attendance_am: number;
  attendance_pm: number;
  late: number;
  time_in: string | null;
  time_out: string | null;
  time_scanned_in: string | null;
  time_scanned_out: string | null;
};

/** A term of the school year (decision 022): `year` is the academic year's first year, `term` '1', '2' or '3'; dates yyyy-MM-dd in school time. */
export type TermsTable = {
  year: number;
  term: string;
  start_date: string;
  end_date: string;
};

/** A weekday the school is closed (a holiday, a mid-term break): no sessions are counted on it. */
export type ClosedDaysTable = {
  date: string;
  reason: string;
};

/** A card scanner's bearer token (decision 023), kept only as its SHA-256. */
export type ScannerTokensTable = {
  id: Generated<number>;
  name: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
};

/** One card scan as it arrived (from a scanner or an imported file), kept once by its scan id. */
export type AttendanceScansTable = {
  id: Generated<number>;
  scan_id: string;
  student_id: string;
  /** The instant, UTC ISO-8601. */
  scanned_at: string;
  /** The school-time date it belongs to, yyyy-MM-dd. */
  school_date: string;
  direction: 'in' | 'out';
  /** 'scanner:<name>' or 'import'. */
  source: string;
  received_at: string;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  actor_kind: 'student' | 'admin' | 'guardian' | 'visitor' | 'system';
  actor_id: string | null;
  /** Read as written, an action of any age; written, only one of the contract's actions, each with its words. */
  action: ColumnType<string, AuditAction, never>;
  student_id: string | null;
  ip: string | null;
  detail: string | null;
  /** The request that wrote the row, as in the server's log (null for rows written before it was kept). */
  request_id: string | null;
};

/** A sign-in attempt reserved in one limit bucket before the password is checked (decision 015). */
export type SignInAttemptsTable = {
  id: Generated<number>;
  bucket: string;
  at: string;
};

/** Secrets of the server's own, shared by its processes (the device cookies' signing key). */
export type ServerSecretsTable = {
  name: string;
  value: string;
};

/** An admin's running student import: rows written so far of all (decision 028); removed when it ends. */
export type ImportProgressTable = {
  admin_id: number;
  done: number;
  total: number;
  updated_at: string;
};

/** Calls of a rate-limited route per key (address or token) in the current window, on PostgreSQL (decision 028). */
/** A periodic job's next run, taken by one server of several (migration 038, decision 047). */
export type BackgroundRunsTable = {
  job: string;
  /** When the job is next due (ISO time). */
  next_run_at: string;
  /** The process that took its last run (host:pid). */
  run_by: string;
};

export type RateLimitsTable = {
  key: string;
  hits: number;
  /** When the window ends, in ms since 1970. */
  window_ends: number;
};

/** One import of students: who, when, which file, and its counts. */
export type StudentImportsTable = {
  id: Generated<number>;
  at: string;
  admin: string;
  file_name: string;
  mode: 'insert' | 'upsert';
  inserted: number;
  updated: number;
  unchanged: number;
  /** 'running' while it is staged and published, 'done' once published, 'interrupted' when its process ended first (nothing was changed). */
  outcome: Generated<'running' | 'done' | 'interrupted'>;
  admin_id: number | null;
  /** The process running it (host and process ID), while it runs. */
  owner: string | null;
  /** When its process last wrote a slice of it. */
  heartbeat: string | null;
};

/** A row of a running student import, staged until the import is published in one transaction (decision 042). */
export type StudentImportRowsTable = {
  import_id: number;
  student_id: string;
  action: 'insert' | 'update';
  changed: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  sex: string | null;
  date_of_birth: string | null;
  class_id: string | null;
  house_code: string | null;
  birth_certificate_no: string | null;
  /** The school account the publish gives her (decision 076), when `account_changed`; null removes hers. */
  school_account: string | null;
  account_changed: Generated<number>;
};

/** An import of one kind under way (decision 042): the row is the claim, so that one runs at a time across the portal's processes. */
export type ImportClaimsTable = {
  kind: string;
  /** The process holding it (host and process ID). */
  owner: string;
  /** When its process last said it still holds it. */
  heartbeat: string;
};

/** The school's current academic year: one row (id 1); 2026 is 2026-2027 (decision 045). */
export type SchoolYearTable = { id: number; year: number };

/** A rollover into a new year, with what its undo needs (decision 045). */
export type RolloversTable = {
  id: Generated<number>;
  from_year: number;
  to_year: number;
  at: string;
  /** The admin's username. */
  by: string;
  /** Until when it may be undone (ISO-8601 UTC). */
  undo_until: string;
  /** The version (`updated_at`) it gave every student it moved: a record with another has been saved since. */
  version: string;
  /** Every form level's registration status before it, as JSON. */
  statuses: string;
  promoted: number;
  leavers: number;
  undone_at: string | null;
};

/** A student's registration of an ended year, as it stood at the rollover (decision 045). */
export type RegistrationHistoryTable = {
  id: Generated<number>;
  student_id: string;
  year: number;
  rollover_id: number;
  class_id: string | null;
  /** The students row as JSON, every column. */
  record: string;
  /** The form_progress row as JSON, or null when she had none. */
  progress: string | null;
  /** The school's date (yyyy-MM-dd) she completed and agreed to it, or null. */
  submitted_on: string | null;
};

/** A student who has left the school (status `left`): she can no longer sign in. */
export type StudentLeaversTable = {
  student_id: string;
  /** The school's date, yyyy-MM-dd. */
  left_on: string;
  reason: string;
  /** The rollover that made her leave, or null when an admin marked her. */
  rollover_id: number | null;
};
/** A leaver whose health data and documents were erased for the leaving of `left_on` (decision 046). */
export type RetentionErasuresTable = { student_id: string; left_on: string; erased_at: string };
/** Stored files an erasure removed from the rows, until their bytes are gone from the store too (migration 031). */
export type ErasedFilesTable = { key: string; erased_at: string };

/** A message to send (decision 047), written in the transaction of the event that causes it. */
export type OutboxTable = {
  id: Generated<number>;
  /** A notification kind: report_posted, absence, reminders, staff_security. */
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** The event that made it, e.g. `term-reports.posted:2025:1`: a withdrawal cancels that event's unsent messages. */
  event: string;
  student_id: string | null;
  /** The guardian the message went to, when it went to one (decision 064). */
  guardian_id?: number | null;
  /** `sending` while a sender holds it (until `next_attempt_at`, its lease); then sent, queued again for a retry, or failed. */
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';
  attempts: number;
  /** The first try: retries stop 24 hours after it. */
  first_attempt_at: string | null;
  /** When a sender may next take it; a sender taking it moves this past its lease. */
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

/** A school day whose absence messages a process has written (decision 047): one row a date, taken once. */
export type AbsenceDaysTable = { date: string; done_at: string };

/**
 * What a student's parents were told of a school day (decision 047): `absent`, `arrived hh:mm` or
 * `present` (after a correction); `corrected` is 1 once a correction went.
 */
export type AbsenceNoticesTable = { student_id: string; date: string; state: string; corrected: number };
/** A browser (and system) a staff account signed in from, and when last (decision 047). */
export type StaffDevicesTable = { admin_id: number; device: string; last_seen_at: string };

/** A parent who stopped a kind of message about a student with the link in one (decision 047). */
export type NotificationStopsTable = { student_id: string; recipient: string; kind: string; stopped_at: string };

/** Whether the school sends a notification kind (its Notifications settings). */
export type NotificationSettingsTable = { kind: string; enabled: number };

/** A parent or guardian's account (decision 062); `public_id` names her in URLs. */
export type GuardiansTable = {
  id: Generated<number>;
  public_id: string;
  /** Her sign-in name, in lower case. */
  email: string;
  email_verified_at: string;
  display_name: string;
  phone: string | null;
  password_hash: string;
  /** The message kinds she wants, joined by commas. */
  message_kinds: string;
  disabled: Generated<number>;
  created_at: string;
  password_changed_at: string;
  /** The school's sign-in provider's `sub` for her, kept at her first sign-in there (decision 076). */
  provider_subject?: string | null;
} & SecondFactorColumns;

/** A guardian's link to a student, and how it was verified (decision 062). */
export type GuardianLinksTable = {
  id: Generated<number>;
  public_id: string;
  guardian_id: number;
  student_id: string;
  relationship: 'mother' | 'father' | 'guardian' | 'other';
  can_view: Generated<number>;
  /** 1 once office or admin staff restricted it (custody): she then sees nothing of the student. */
  restricted: Generated<number>;
  verified_by: 'invitation' | 'letter' | 'office';
  created_at: string;
  revoked_at: Generated<string | null>;
};

/** A single-use link the school sent to an address to link a guardian to one student. */
export type GuardianInvitationsTable = {
  id: Generated<number>;
  public_id: string;
  /** SHA-256 of the link's token. */
  token_hash: string;
  student_id: string;
  email: string;
  relationship: 'mother' | 'father' | 'guardian' | 'other';
  created_by: number | null;
  created_at: string;
  expires_at: string;
  sent_at: string;
  accepted_at: string | null;
  cancelled_at: string | null;
};

/** A single-use code printed on a class's letters, for one of a student's (up to two) guardians. */
export type GuardianLetterCodesTable = {
  id: Generated<number>;
  student_id: string;
  slot: number;
  /** SHA-256 of the code, as printed without its dashes. */
  code_hash: string;
  created_by: number | null;
  created_at: string;
  used_at: string | null;
  used_by: number | null;
};

/** A single-use link mailed to a guardian's address: a sign-up to prove (`details` kept until then) or a password reset. */
export type GuardianEmailTokensTable = {
  id: Generated<number>;
  token_hash: string;
  purpose: 'sign-up' | 'password-reset';
  email: string;
  guardian_id: number | null;
  details: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A guardian's proposed new values for her own details in a daughter's record (decision 066). */
export type ContactChangesTable = {
  id: Generated<number>;
  /** What URLs and answers name it by. */
  public_id: string;
  student_id: string;
  guardian_id: number;
  /** Her link's relationship when she proposed it: which parent section the fields are of. */
  relationship: 'mother' | 'father' | 'guardian' | 'other';
  status: 'pending' | 'approved' | 'partly_approved' | 'declined' | 'replaced';
  created_at: string;
  answered_at: string | null;
  /** The staff account that answered. */
  answered_by: number | null;
  /** The office's note to the parent with its answer. */
  note: string | null;
};

/** One field of a contact change: the record's value when proposed, the value proposed, and the office's decision (null until answered). */
export type ContactChangeFieldsTable = {
  change_id: number;
  field: string;
  was: string | null;
  proposed: string | null;
  decision: 'approved' | 'declined' | null;
};

/** An absence note a family sent, and the office's answer (decision 065); `public_id` names it in URLs. */
export type AbsenceNotesTable = {
  id: Generated<number>;
  public_id: string;
  student_id: string;
  /** The first and last day it covers, yyyy-MM-dd. */
  from_date: string;
  to_date: string;
  sessions: 'am' | 'pm' | 'both';
  reason: 'illness' | 'medical' | 'family' | 'other';
  text: string;
  /** Who sent it: one of her guardians (`guardian_id`), or the student herself. */
  sent_by: 'guardian' | 'student';
  guardian_id: number | null;
  /** The file sent with it, in the file store: its key, the name it was sent with, its type and size; null without one. */
  file_key: string | null;
  file_name: string | null;
  file_mime: string | null;
  file_size: number | null;
  status: Generated<'pending' | 'accepted' | 'declined'>;
  created_at: string;
  answered_at: Generated<string | null>;
  /** The staff account that answered it. */
  answered_by: Generated<number | null>;
  decline_reason: Generated<string | null>;
};

/** A consent form (decision 067): written by an admin for some classes, or a year's registration agreement asked of guardians. */
export type ConsentFormsTable = {
  id: Generated<number>;
  /** What URLs name it by: random, or `registration-<year>` for a year's registration agreement. */
  public_id: string;
  kind: 'form' | 'registration';
  title: string;
  /** 1 when a guardian answers for each of her daughters it concerns. */
  per_daughter: Generated<number>;
  /** The school's last day of answers (yyyy-MM-dd); null for the registration's, which closes with each form level's registration. */
  closes_on: string | null;
  /** The school year of a registration agreement (2026: 2026-2027); null for a form. */
  school_year: number | null;
  /** The admin who wrote it (her account's row), null for the registration's. */
  created_by: number | null;
  created_at: string;
  /** Its version stamp: a change names the one it read. */
  updated_at: string;
};

/** A class a consent form is for. */
export type ConsentFormClassesTable = { form_id: number; class_id: string };

/** A consent form's words: version 1, then one more each time they change after a guardian answered. */
export type ConsentTextsTable = {
  id: Generated<number>;
  form_id: number;
  version: number;
  text: string;
  created_by: number | null;
  created_at: string;
};

/** A guardian's answer to a consent form, with the exact words it answered; a changed answer replaces it (`superseded_at`). */
export type ConsentAnswersTable = {
  id: Generated<number>;
  public_id: string;
  form_id: number;
  text_id: number;
  guardian_id: number;
  /** The daughter it is for, when the form asks for each; null for a form answered once. */
  student_id: string | null;
  /** `student_id`, or '' for a form answered once: one answer stands per form, guardian and key. */
  student_key: string;
  answer: 'agree' | 'disagree';
  typed_name: string;
  answered_at: string;
  superseded_at: string | null;
};

/** The school's consent switches: `registration_agreement` asks a linked guardian's agreement with the yearly registration. */
export type ConsentSettingsTable = { name: string; enabled: number };

/** A row the OneRoster roster has handed out, in one of its views, as last written (decision 075). */
export type RosterRowsTable = {
  /** `at-school`, or `with-leavers` when the students who have left are in it. */
  view: string;
  sourced_id: string;
  /** What the row is: org, session, course, class, student, staff, guardian, role or enrollment. */
  kind: string;
  /** The row's cells after its first three, as JSON. */
  cells: string;
  /** When its cells last changed (ISO-8601 UTC): the export that first wrote them. */
  modified_at: string;
  /** When it left the roster, null while it is in it. */
  deleted_at: string | null;
};

export type Database = {
  students: StudentsTable;
  student_accounts: StudentAccountsTable;
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  guardians: GuardiansTable;
  guardian_links: GuardianLinksTable;
  guardian_invitations: GuardianInvitationsTable;
  guardian_letter_codes: GuardianLetterCodesTable;
  guardian_email_tokens: GuardianEmailTokensTable;
  contact_changes: ContactChangesTable;
  contact_change_fields: ContactChangeFieldsTable;
  absence_notes: AbsenceNotesTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_passkeys: StaffPasskeysTable;
  guardian_recovery_codes: GuardianRecoveryCodesTable;
  guardian_passkeys: GuardianPasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  export_allowance: ExportAllowanceTable;
  record_reads: RecordReadsTable;
  record_read_hours: RecordReadHoursTable;
  towns: TownsTable;
  religions: ReligionsTable;
  ethnic_groups: EthnicGroupsTable;
  regional_corporations: RegionalCorporationsTable;
  houses: HousesTable;
  form_classes: FormClassesTable;
  primary_schools: PrimarySchoolsTable;
  registration_status: RegistrationStatusTable;
  form_progress: FormProgressTable;
  uploaded_files: UploadedFilesTable;
  stored_files: StoredFilesTable;
  student_data_files: StudentDataFilesTable;
  term_reports: TermReportsTable;
  term_summaries: TermSummariesTable;
  term_results: TermResultsTable;
  report_card_files: ReportCardFilesTable;
  attendance_records: AttendanceRecordsTable;
  terms: TermsTable;
  closed_days: ClosedDaysTable;
  scanner_tokens: ScannerTokensTable;
  attendance_scans: AttendanceScansTable;
  audit_log: AuditLogTable;
  sign_in_attempts: SignInAttemptsTable;
  server_secrets: ServerSecretsTable;
  student_imports: StudentImportsTable;
  student_import_rows: StudentImportRowsTable;
  import_claims: ImportClaimsTable;
  import_progress: ImportProgressTable;
  rate_limits: RateLimitsTable;
  background_runs: BackgroundRunsTable;
  school_year: SchoolYearTable;
  rollovers: RolloversTable;
  registration_history: RegistrationHistoryTable;
  student_leavers: StudentLeaversTable;
  student_school_accounts: StudentSchoolAccountsTable;
  retention_erasures: RetentionErasuresTable;
  erased_files: ErasedFilesTable;
  outbox: OutboxTable;
  notification_settings: NotificationSettingsTable;
  notification_stops: NotificationStopsTable;
  absence_days: AbsenceDaysTable;
  absence_notices: AbsenceNoticesTable;
  staff_devices: StaffDevicesTable;
  consent_forms: ConsentFormsTable;
  consent_form_classes: ConsentFormClassesTable;
  consent_texts: ConsentTextsTable;
  consent_answers: ConsentAnswersTable;
  consent_settings: ConsentSettingsTable;
  roster_rows: RosterRowsTable;
};
