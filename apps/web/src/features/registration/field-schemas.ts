/**
 * The contract's schemas that judge a field's value, and the step completeness built on them: the
 * schema library with them, in a chunk fetched once a step is drawn (field-judge.ts).
 */
export { fieldSchema, isStepComplete, registrationStepStates } from '@school/contract';
