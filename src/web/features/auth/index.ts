export { AuthPage } from './components/auth-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { SignUpPage } from './components/sign-up-page';
export { VerifyEmailPage } from './components/verify-email-page';
export { SsoCallbackPage } from './components/sso-callback-page';
