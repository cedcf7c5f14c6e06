import { messages, type SchoolAccount } from '@school/contract';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { AdminActor } from '../../session/actor.ts';
import { writeAudit } from '../audit/index.ts';
import { authRepository } from './repository.ts';
import { schoolAccountRepository } from './school-account-repository.ts';

/** GET /api/students/{id}/school-account: the address the school's provider knows her by (decision 076). */
export async function schoolAccountOf(deps: Deps, studentId: string): Promise<SchoolAccount> {
  if (!(await authRepository.findStudentLogin(deps.db, studentId))) throw new NotFound(messages.noSuchStudent);
  const row = await schoolAccountRepository.ofStudent(deps.db, studentId);
  return { student_id: studentId, school_account: row?.account ?? null, provider_seen_at: row?.provider_seen_at ?? null };
}

/**
 * PUT /api/students/{id}/school-account: the office gives her a school account, changes it or
 * (null) removes it, audited. One address names one student: an address another student holds is
 * refused with 409 naming her. A new address ends the link to the provider's account of the old.
 */
export async function setSchoolAccount(deps: Deps, actor: AdminActor, studentId: string, account: string | null): Promise<SchoolAccount> {
  return deps.writeTransaction(async (trx) => {
    if (!(await authRepository.findStudentLogin(trx, studentId))) throw new NotFound(messages.noSuchStudent);
    const before = await schoolAccountRepository.ofStudent(trx, studentId);
    if ((before?.account ?? null) === account) return { student_id: studentId, school_account: account, provider_seen_at: before?.provider_seen_at ?? null };
    if (account === null) {
      await schoolAccountRepository.remove(trx, studentId);
      await writeAudit(trx, actor, { action: 'student.school-account-removed', studentId, detail: before!.account });
      return { student_id: studentId, school_account: null, provider_seen_at: null };
    }
    if (!(await schoolAccountRepository.replace(trx, studentId, account, nowIso()))) {
      const [holder] = await schoolAccountRepository.byAccount(trx, account);
      // The same change made at the same moment by another member of the office: already done.
      if (holder?.student_id === studentId) return { student_id: studentId, school_account: account, provider_seen_at: null };
      throw new Conflict(messages.schoolAccountTaken(account, holder?.student_id ?? 'another'));
    }
    await writeAudit(trx, actor, { action: 'student.school-account-set', studentId, detail: before ? `${before.account} → ${account}` : account });
    return { student_id: studentId, school_account: account, provider_seen_at: null };
  });
}
