import { DataStepPage } from './data-step-page.tsx';

/** The four data steps' screens, which share the form (a chunk of their own). */
export const StudentDataPage = () => <DataStepPage step="studentData" />;
export const FamilyDataPage = () => <DataStepPage step="familyData" />;
export const HealthDataPage = () => <DataStepPage step="healthData" />;
export const OtherDataPage = () => <DataStepPage step="otherData" />;
