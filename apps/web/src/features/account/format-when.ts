/** A moment as the staff member's browser writes dates and times. */
export const formatWhen = (iso: string) => new Date(iso).toLocaleString();
