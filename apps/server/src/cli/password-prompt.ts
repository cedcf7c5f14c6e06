// A terminal prompt for a password that shows nothing as it is typed.
//
// We read the keys ourselves with the terminal in raw mode rather than muting readline's output:
// muting relied on a private readline method that some supported Node versions do not have, and
// then every character was echoed.

const enter = new Set(['\r', '\n']);
const backspace = new Set(['\u007f', '\b']);
const ctrlC = '\u0003';
const ctrlD = '\u0004';
const ctrlU = '\u0015';
const escape = '\u001b';

/** Thrown when the person at the terminal gives up (Ctrl-C, or Ctrl-D on an empty line). */
export class PromptCancelled extends Error {
  constructor() {
    super('Cancelled.');
  }
}

/**
 * Asks `question` on the terminal and answers what is typed up to Enter, echoing nothing.
 * Backspace removes the last character, Ctrl-U the whole line; Ctrl-C cancels.
 */
export function askHiddenPassword(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stdout): Promise<string> {
  return new Promise((resolve, reject) => {
    const characters: string[] = [];
    let inEscape = false;
    const wasRaw = input.isRaw;
    const finish = (done: () => void) => {
      input.off('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write('\n');
      done();
    };
    const onData = (chunk: Buffer | string) => {
      // Several keys may come in one chunk (a paste); each is one code point.
      for (const key of String(chunk)) {
        // An arrow or function key comes as ESC [ … ending in a letter or ~: no part of a password.
        if (inEscape) {
          inEscape = !/[A-Za-z~]/.test(key);
          continue;
        }
        if (key === escape) {
          inEscape = true;
          continue;
        }
        if (enter.has(key)) return finish(() => resolve(characters.join('')));
        if (key === ctrlC || (key === ctrlD && characters.length === 0)) return finish(() => reject(new PromptCancelled()));
        if (backspace.has(key)) characters.pop();
        else if (key === ctrlU) characters.length = 0;
        else if (key >= ' ') characters.push(key);
        // Other control keys (tab and the like) are ignored.
      }
    };
    output.write(question);
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}
