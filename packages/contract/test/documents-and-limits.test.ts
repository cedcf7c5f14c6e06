import { describe, expect, it } from 'vitest';
import { documentMessages, documentTypeNames, documentTypes, isDocumentType, passwordRules } from '../src/index.ts';

describe('document types', () => {
  it('are the four of SPEC §3, in order, each with a title for the screen and a name for sentences', () => {
    expect(documentTypeNames).toEqual(['birth_certificate', 'immunization_card', 'sea_slip', 'picture']);
    expect(documentTypes.picture).toMatchObject({ title: 'Photo of the Student', name: 'Photo' });
    expect(documentTypes.sea_slip.format.kinds).toEqual(['pdf']);
    expect(documentTypes.picture.format.kinds).toEqual(['jpeg', 'png']);
  });

  it('never take a name every object has for a type', () => {
    for (const name of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', '', null, 7]) expect(isDocumentType(name)).toBe(false);
    expect(isDocumentType('sea_slip')).toBe(true);
  });

  it('word the server’s answers as the screens quote them', () => {
    expect(documentMessages.uploaded('birth_certificate')).toBe('Birth certificate uploaded successfully.');
    expect(documentMessages.removed('birth_certificate')).toBe('Birth certificate removed.');
    expect(documentMessages.wrongFormat('sea_slip')).toBe('The sea slip must be a PDF file.');
    expect(documentMessages.wrongFormat('picture')).toBe('The photo must be a JPEG or PNG image.');
    expect(documentMessages.unknownType).toBe('Choose a document type: birth_certificate, immunization_card, sea_slip or picture.');
  });
});

describe('the password rule', () => {
  it('is stated with the lengths the server checks', () => {
    expect(passwordRules.student).toBe('8 to 128 characters; not your student ID or date of birth.');
    expect(passwordRules.admin).toBe('8 to 128 characters; not your username.');
  });
});
