/** The demo school a new data folder starts with (DESIGN §6). */
export { demoGuardianNote } from './demo-families.ts';
export { demoStudentNote, keepDemoSignIn, takeDemoSignIn } from './first-start.ts';
export { generateDemoSchool, isDatabaseEmpty } from './generate-demo-school.ts';
