import { z } from 'zod';
import { idField, textField } from './fields';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginReplySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  UpdatePasswordBodySchema,
} from './auth';
import { defineEndpoint } from './endpoint';
import { RATE_LIMITS } from './limits';

// SPEC §5 / §7 sign-up, verification, sign-in and passwords.

// Keep zod calls inside the descriptors: the web build drops them there (schemas are types on the web).
const tags = ['auth'] as const;

export const RegisterEndpoint = defineEndpoint({
  method: 'POST',
  path: '/register',
  access: 'public',
  summary: 'Create a seller account',
  description: 'Sends a verification link by email. An email already in use gets the same reply (no account enumeration).',
  operationId: 'register',
  tags,
  body: RegisterBodySchema,
  reply: z.null(),
  status: 201,
  message: 'auth.registered',
  errors: [429],
});

export const ActivateAccountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/accounts/authorization/activate/:token',
  access: 'public',
  summary: 'Verify an account from its email link',
  operationId: 'activateAccount',
  tags,
  params: z.object({ token: textField().min(1).max(200) }),
  reply: z.null(),
  message: 'auth.verified',
  rateLimit: RATE_LIMITS.publicLink,
});

export const RequestVerifyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/accounts/request-verify/:id',
  access: 'public',
  summary: 'Send a new verification link',
  operationId: 'requestVerify',
  tags,
  params: z.object({ id: idField() }),
  reply: z.null(),
  message: 'auth.verifySent',
  errors: [429],
});

export const SignInOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/sign-in-options',
  access: 'public',
  summary: 'The ways to sign in besides a password',
  description: "Google sign-in's OAuth client id when it is configured (null when it is off), for the sign-in page's Google button.",
  operationId: 'getSignInOptions',
  tags,
  reply: z.object({ google: z.object({ clientId: z.string() }).nullable() }),
  rateLimit: RATE_LIMITS.publicPage,
});

export const LoginSocialEndpoint = defineEndpoint({
  method: 'POST',
  path: '/login-social',
  access: 'public',
  summary: 'Sign in with Google',
  description:
    'Takes the ID token of Google Identity Services; its signature is checked against the configured JWKS, with the issuer, the audience (the configured client id), the expiry and a verified email. An unknown email gets a new seller account. An account still waiting for its verification link is activated and loses the password it was registered with, and every session (whoever typed it never proved the email); a verified seller account keeps its password. A staff account is never signed in by its email: 403 SOCIAL_ACCOUNT_NOT_LINKED. 404 SOCIAL_LOGIN_OFF when not configured.',
  operationId: 'loginSocial',
  tags,
  body: z.object({ provider: z.literal('google'), idToken: textField().min(20, 'validation.required').max(8192, 'validation.invalid') }),
  reply: LoginReplySchema,
  message: 'auth.loggedIn',
  errors: [401, 403, 404, 429],
});

export const LoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/login',
  access: 'public',
  summary: 'Sign in',
  description: 'Returns a bearer token and the profile. Unverified or inactive accounts get 403.',
  operationId: 'login',
  tags,
  body: LoginBodySchema,
  reply: LoginReplySchema,
  message: 'auth.loggedIn',
  errors: [401, 403, 429],
});

export const LogoutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/logout',
  access: 'open',
  sessionOnly: true,
  summary: 'Sign out (end this session)',
  operationId: 'logout',
  tags,
  reply: z.null(),
  message: 'auth.loggedOut',
});

export const ForgotPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/password/forgot',
  access: 'public',
  summary: 'Send a password reset link',
  description: 'The same reply whether or not the email has an account (no account enumeration).',
  operationId: 'forgotPassword',
  tags,
  body: ForgotPasswordBodySchema,
  reply: z.null(),
  message: 'auth.forgotSent',
  errors: [429],
});

export const ResetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/password/reset-password',
  access: 'public',
  summary: 'Set a new password from a reset link',
  operationId: 'resetPassword',
  tags,
  body: ResetPasswordBodySchema,
  reply: z.null(),
  message: 'auth.passwordReset',
  rateLimit: RATE_LIMITS.publicPasswordSet,
});

export const UpdatePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/password/update',
  access: 'open',
  sessionOnly: true,
  summary: 'Change my password',
  operationId: 'updatePassword',
  tags,
  body: UpdatePasswordBodySchema,
  reply: z.null(),
  message: 'auth.passwordUpdated',
  errors: [404],
});
