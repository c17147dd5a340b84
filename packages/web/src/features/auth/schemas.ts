/*
 * The auth forms' schemas, loaded on first use (useServerForm's `schema` loaders): importing them
 * from the contract in the forms themselves would put zod on the login page's critical path.
 */
export { loginBody, registerBody } from '@kinfolio/contract';
