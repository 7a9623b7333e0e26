export { AuthPage } from './components/auth-page';
export { SignUpPage } from './components/sign-up-page';
