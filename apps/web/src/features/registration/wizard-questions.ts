// The questions the wizard asks before something may be lost: leaving with a change unsaved
// (decision 007), and removing a document.

/** What the wizard asks when she leaves it with a change still unsaved (decision 007). */
export const LEAVE_TITLE = 'Leave with unsaved changes?';
export const LEAVE_TEXT = 'Some of your changes have not been saved yet. If you leave now they may be lost.';

/** What the Documents step asks before an uploaded document is deleted. */
export const removeTitle = (document: string) => `Remove ${document}?`;
export const removeText = (fileName: string | undefined) => `The file ${fileName ?? ''} will be deleted.`;
