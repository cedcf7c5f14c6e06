/** The record signatures and fixed lengths of the ZIP format (PKWARE's APPNOTE), shared by the reader and the writer. */
export const END_OF_DIRECTORY = 0x06054b50;
export const DIRECTORY_ENTRY = 0x02014b50;
export const LOCAL_HEADER = 0x04034b50;
export const DATA_DESCRIPTOR = 0x08074b50;
export const END_LENGTH = 22;
export const DIRECTORY_ENTRY_LENGTH = 46;
export const LOCAL_HEADER_LENGTH = 30;
