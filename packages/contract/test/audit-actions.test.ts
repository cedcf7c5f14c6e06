import { describe, expect, it } from 'vitest';
import { auditActionInWords, auditActions, auditActionsMatching, auditActionWords } from '../src/audit-actions.ts';

describe('the audit log’s actions in words', () => {
  it('says every action the log records in words of its own, never its name', () => {
    expect(auditActions.length).toBeGreaterThan(100);
    for (const action of auditActions) {
      const words = auditActionWords[action];
      expect(words, action).toMatch(/^[A-Z][^.]*[a-z)]$/);
      expect(words.toLowerCase(), action).not.toContain(action);
      expect(words, action).not.toMatch(/[a-z]\.[a-z]/);
    }
  });

  it('says an action in words, and an old row’s action that has none by its name', () => {
    expect(auditActionInWords('parents-contact.viewed')).toBe('Opened Parents Contact');
    expect(auditActionInWords('file.downloaded')).toBe('Opened a document');
    expect(auditActionInWords('retired.action')).toBe('retired.action');
    expect(auditActionInWords('toString')).toBe('toString');
  });

  it('finds the actions a typed filter means by their name’s start or their words, any case', () => {
    expect(auditActionsMatching('file.')).toEqual(['file.list-viewed', 'file.downloaded', 'file.uploaded', 'file.deleted']);
    expect(auditActionsMatching('  opened PARENTS contact ')).toEqual(['parents-contact.viewed']);
    expect(auditActionsMatching('password').length).toBeGreaterThan(5);
    expect(auditActionsMatching('nothing like this')).toEqual([]);
  });
});
