import { DataStepPage } from './data-step-page.tsx';

/** The wizard's step screens, loaded with the wizard (its own chunk). */
export const StudentDataPage = () => <DataStepPage step="studentData" />;
export const FamilyDataPage = () => <DataStepPage step="familyData" />;
export const HealthDataPage = () => <DataStepPage step="healthData" />;
export const OtherDataPage = () => <DataStepPage step="otherData" />;
export { default as DocumentsPage } from './documents-step-page.tsx';
export { default as CompletePage } from './complete-step-page.tsx';
