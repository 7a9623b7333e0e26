export { ApprovalsPage } from './components/approvals-page';
// What the back-office console's Payments and Pending Approvals tabs use.
export { getApprovals } from './api/get-approvals';
export { APPROVE_ONE_TOASTS, useApproveWithdrawals } from './api/approve-withdrawal';
