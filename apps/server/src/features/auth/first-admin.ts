/** The admin the first start creates (decision 005). */
export const FIRST_ADMIN_USERNAME = 'admin';
