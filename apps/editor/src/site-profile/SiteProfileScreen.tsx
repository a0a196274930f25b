import { mayDo } from '@site/page-content';
import {
  BusinessHoursPanel,
  businessHoursPanelMessages,
  CookieConsentPanel,
  cookieConsentSaved,
  SiteLogoPanel,
  SiteProfileForm,
} from '@site/ui';
import { useBusinessHours, useSaveBusinessHours } from '../api/business-hours';
import { useCookieConsent, useSaveCookieConsent } from '../api/cookie-consent';
import { issuesByPath } from '../api/http';
import { useMe } from '../api/session';
import {
  useRemoveSiteIcon,
  useRemoveSiteLogo,
  useSaveSiteProfile,
  useSiteProfile,
  useUploadSiteIcon,
  useUploadSiteLogo,
} from '../api/site-profile';

/** /config/site: the site's name, icon, logo, language and region, time zone and business details. */
export function SiteProfileScreen() {
  const me = useMe();
  const allowed = mayDo(me.data?.roles ?? [], 'change-settings');
  const profile = useSiteProfile();
  const save = useSaveSiteProfile();
  const upload = useUploadSiteIcon();
  const remove = useRemoveSiteIcon();
  const hours = useBusinessHours();
  const saveHours = useSaveBusinessHours();
  const hoursErrors = issuesByPath(saveHours.error);
  const consent = useCookieConsent();
  const saveConsent = useSaveCookieConsent();
  const fieldErrors = issuesByPath(save.error);
  const iconFailure = upload.error ?? remove.error;
  const uploadLogo = useUploadSiteLogo();
  const removeLogo = useRemoveSiteLogo();
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Site settings</h1>
      </header>
      {!allowed ? (
        <p className="ed-banner" role="status">
          Only the site’s owner or an admin can change the site settings.
        </p>
      ) : (
        <>
          <SiteProfileForm
            profile={profile.data}
            isLoading={profile.isPending}
            loadError={profile.error?.message}
            onRetry={() => void profile.refetch()}
            onSave={(input) => save.mutate(input)}
            isSaving={save.isPending}
            fieldErrors={fieldErrors}
            saveError={save.error && Object.keys(fieldErrors).length === 0 ? save.error.message : undefined}
            isSaved={save.isSuccess}
            onUploadIcon={(file) => {
              remove.reset();
              upload.mutate(file);
            }}
            onRemoveIcon={() => {
              upload.reset();
              remove.mutate();
            }}
            isIconBusy={upload.isPending || remove.isPending}
            iconError={iconFailure?.message}
          />
          {!profile.error && (
            <SiteLogoPanel
              logoUrl={profile.data?.logoUrl}
              siteTitle={profile.data?.title}
              onUpload={(file) => {
                removeLogo.reset();
                uploadLogo.mutate(file);
              }}
              onRemove={() => {
                uploadLogo.reset();
                removeLogo.mutate();
              }}
              isBusy={uploadLogo.isPending || removeLogo.isPending}
              error={(uploadLogo.error ?? removeLogo.error)?.message}
            />
          )}
          <BusinessHoursPanel
            hours={hours.data?.hours}
            isLoading={hours.isPending}
            loadError={hours.error?.message}
            onRetry={() => void hours.refetch()}
            onSave={(week) => saveHours.mutate(week)}
            isSaving={saveHours.isPending}
            fieldErrors={hoursErrors}
            error={
              saveHours.error && Object.keys(hoursErrors).length === 0 ? saveHours.error.message : undefined
            }
            done={
              saveHours.data
                ? saveHours.data.hours
                  ? businessHoursPanelMessages.savedShown
                  : businessHoursPanelMessages.savedHidden
                : undefined
            }
          />
          <CookieConsentPanel
            mode={consent.data?.mode}
            where={consent.data?.where}
            isLoading={consent.isPending}
            loadError={consent.error?.message}
            onRetry={() => void consent.refetch()}
            onSave={(mode, where) => saveConsent.mutate({ mode, where })}
            isSaving={saveConsent.isPending}
            error={saveConsent.error?.message}
            done={saveConsent.data ? cookieConsentSaved[saveConsent.data.mode] : undefined}
          />
        </>
      )}
    </div>
  );
}
