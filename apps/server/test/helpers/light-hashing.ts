// The server suites' set-up before each test file: password hashing with light argon2id settings
// (`useHashingInTests`), so that the sign-ins and new passwords of every test do not starve behind
// other work on a busy machine. The tests of the production cost and priority choose it again.
import { useHashingInTests } from '../../src/features/auth/passwords.ts';

useHashingInTests('light');
