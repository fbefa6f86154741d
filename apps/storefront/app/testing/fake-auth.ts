import type { AddressService } from "@maidan/contracts/addresses";
import type { AuthService, Viewer } from "@maidan/contracts/auth-service";

const unused = (name: string) => async () => {
  throw new Error(`fake auth: ${name} is not faked in this test`);
};

/** An auth service for unit tests: everyone is `viewer` (anonymous by default). */
export function fakeAuth(
  viewer: Viewer = { user: null, guestId: null },
  setCookie: string | null = null,
): AuthService {
  return {
    viewerFromRequest: async () => viewer,
    sessionFromRequest: async () => ({ viewer, setCookie }),
    passwordLogin: unused("passwordLogin"),
    signup: unused("signup"),
    otpGenerate: unused("otpGenerate"),
    otpLogin: unused("otpLogin"),
    tokenLogin: unused("tokenLogin"),
    verifyEmail: unused("verifyEmail"),
    forgot: unused("forgot"),
    checkResetToken: unused("checkResetToken"),
    resetPassword: unused("resetPassword"),
    me: unused("me"),
    updateProfile: unused("updateProfile"),
    requestPhoneCode: unused("requestPhoneCode"),
    confirmPhone: unused("confirmPhone"),
    setAvatar: unused("setAvatar"),
    changePassword: unused("changePassword"),
    logout: unused("logout"),
    logoutAll: unused("logoutAll"),
    outbox: async () => null,
    outboxReadable: () => false,
  };
}

export function fakeAddresses(): AddressService {
  return {
    list: async () => [],
    get: unused("get"),
    create: unused("create"),
    update: unused("update"),
    remove: unused("remove"),
    setDefault: unused("setDefault"),
  };
}
