import {
  ActivateAccountEndpoint,
  ForgotPasswordEndpoint,
  LoginEndpoint,
  LoginSocialEndpoint,
  LogoutEndpoint,
  MeEndpoint,
  RegisterEndpoint,
  RequestVerifyEndpoint,
  ResetPasswordEndpoint,
  SignInOptionsEndpoint,
  UpdatePasswordEndpoint,
  type EndpointBody,
} from '@exship/contracts';
import { call, callEnvelope } from './call';

// The sign-in, sign-up and session calls of SPEC §7, apart from the screens' calls (endpoints.ts)
// so the sign-in pages' chunks carry only these descriptors.
export type RegisterInput = EndpointBody<typeof RegisterEndpoint>;

export const authApi = {
  register: (body: RegisterInput) => callEnvelope(RegisterEndpoint, { body }),
  activate: (verifyCode: string) => callEnvelope(ActivateAccountEndpoint, { params: { token: verifyCode } }),
  requestVerify: (userId: string) => callEnvelope(RequestVerifyEndpoint, { params: { id: userId } }),
  login: (body: EndpointBody<typeof LoginEndpoint>) => callEnvelope(LoginEndpoint, { body }),
  signInOptions: (signal?: AbortSignal) => call(SignInOptionsEndpoint, { signal }),
  loginGoogle: (idToken: string) => callEnvelope(LoginSocialEndpoint, { body: { provider: 'google', idToken } }),
  logout: () => callEnvelope(LogoutEndpoint),
  me: (signal?: AbortSignal) => callEnvelope(MeEndpoint, { signal }),
  forgot: (email: string) => callEnvelope(ForgotPasswordEndpoint, { body: { email } }),
  reset: (body: EndpointBody<typeof ResetPasswordEndpoint>) => callEnvelope(ResetPasswordEndpoint, { body }),
  updatePassword: (body: EndpointBody<typeof UpdatePasswordEndpoint>) => callEnvelope(UpdatePasswordEndpoint, { body }),
};
