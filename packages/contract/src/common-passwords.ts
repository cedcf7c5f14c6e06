/**
 * Passwords seen most often in published breach lists; a new password may not be one of them.
 * Its own module, apart from the rule (`password-rule.ts`): the server checks it, and the browser,
 * which the server answers anyway, is not sent the list.
 */
const commonPasswords: ReadonlySet<string> = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty 1q2w3e4r 111111 12345 1234567890 123123 1234567
000000 abc123 password1 iloveyou 1qaz2wsx qwertyuiop 123321 654321 666666 987654321 121212 superman
11111111 princess sunshine football monkey dragon charlie shadow master michael jennifer letmein
baseball welcome welcome1 trustno1 starwars passw0rd password123 password12 admin admin123 administrator login
abc12345 qwerty12 1234qwer asdfghjk asdfgh zxcvbnm zxcvbnm1 qazwsx 7777777 888888 99999999 12341234
11223344 55555555 147258369 159753 987654 a1b2c3d4 aa123456 iloveyou1 lovely loveme butterfly flower
hello123 hello1234 secret secret123 freedom whatever ashley jessica nicole daniel hannah samantha
jordan hunter buster soccer harley batman andrew tigger sunshine1 computer internet michelle
pepper ginger cookie chocolate summer winter spring autumn blessed blessing jesus jesus123
jesuslovesme godisgood faith123 trinidad trinidad1 tobago trini123 trinidad123 sweetheart angel angel123 princess1
barbie student student1 student123 school school123 teacher teacher1 college college123 changeme changeme1
default guest 00000000 11111111 22222222 33333333 44444444 66666666 77777777 88888888 12121212 qwertyui
asdf1234 zaq12wsx 1q2w3e4r5t q1w2e3r4 q1w2e3r4t5 pass1234 mypassword mypassword1 letmein1 monkey123 dragon123 football1
baseball1 love1234 love12345 iloveu iloveyou2 myspace1 babygirl babygirl1 princesa password! p@ssw0rd p@ssword
passw0rd1 qwerty1234 abcd1234 abcdefgh abcdefg1 12qwaszx`.split(/\s+/),
);

/** Whether a lower-cased password is one of the common ones (`passwordProblem`'s `isCommon`). */
export const isCommonPassword = (lowered: string): boolean => commonPasswords.has(lowered);
