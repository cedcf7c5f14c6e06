import { E2E_ADMIN_PASSWORD, startPortal } from './portal-process.ts';

export { E2E_ADMIN_PASSWORD };

/** Starts the built portal on a free port with an empty data folder and the demo school; stops it after the run. */
export default async function globalSetup() {
  const portal = await startPortal();
  process.env.E2E_BASE_URL = portal.baseUrl;
  process.env.E2E_DATA_DIR = portal.dataDir;
  process.env.E2E_ADMIN_PASSWORD = E2E_ADMIN_PASSWORD;
  return () => portal.stop();
}
