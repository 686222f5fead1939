package httpapi

import (
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
)

// The virtual trial's failures. VirtualCreating and VirtualUpgrading double as the notices a
// trial shows while it is created or upgraded.
const (
	VirtualTrialActive    apierr.Key = "virtual.trial_active"
	VirtualNoTrial        apierr.Key = "virtual.no_trial"
	VirtualCreating       apierr.Key = "virtual.creating"
	VirtualUpgrading      apierr.Key = "virtual.upgrading"
	VirtualTrialExpired   apierr.Key = "virtual.trial_expired"
	VirtualNoChange       apierr.Key = "virtual.no_change"
	VirtualUnknownModel   apierr.Key = "virtual.unknown_model"
	VirtualUnknownCabinet apierr.Key = "virtual.unknown_cabinet"
	VirtualUnsupported    apierr.Key = "virtual.unsupported_combination"
	VirtualNoIdentity     apierr.Key = "virtual.no_identity"
)

// VirtualDataSynchronized is the success text of systemRecovery.
const VirtualDataSynchronized = "virtual.data_synchronized"

func init() {
	for key, status := range map[apierr.Key]int{
		VirtualTrialActive:    http.StatusConflict,
		VirtualNoTrial:        http.StatusNotFound,
		VirtualCreating:       http.StatusConflict,
		VirtualUpgrading:      http.StatusConflict,
		VirtualTrialExpired:   http.StatusConflict,
		VirtualNoChange:       http.StatusUnprocessableEntity,
		VirtualUnknownModel:   http.StatusUnprocessableEntity,
		VirtualUnknownCabinet: http.StatusUnprocessableEntity,
		VirtualUnsupported:    http.StatusUnprocessableEntity,
		VirtualNoIdentity:     http.StatusUnprocessableEntity,
	} {
		apierr.Register(key, status)
	}
	messages.Add(string(VirtualTrialActive), map[messages.Lang]string{
		"zh": "您已有进行中的虚拟体验，请在体验结束后再申请", "zh_tw": "您已有進行中的虛擬體驗，請於體驗結束後再申請",
		"en": "You already have a virtual trial. You can apply again once it has ended.",
		"ja": "すでにバーチャル体験をご利用中です。体験終了後に再度お申し込みください。",
		"ko": "이미 진행 중인 가상 체험이 있습니다. 체험이 끝난 후 다시 신청하세요.",
		"th": "คุณมีการทดลองใช้งานเสมือนอยู่แล้ว สามารถสมัครใหม่ได้เมื่อการทดลองสิ้นสุด",
		"es": "Ya tiene una prueba virtual. Podrá solicitar otra cuando termine.",
		"fr": "Vous avez déjà un essai virtuel. Vous pourrez en demander un autre lorsqu’il sera terminé.",
		"de": "Sie haben bereits einen virtuellen Testzugang. Sie können erneut einen beantragen, sobald er abgelaufen ist.",
		"ru": "У вас уже есть виртуальный пробный доступ. Новую заявку можно подать после его окончания.",
	})
	messages.Add(string(VirtualNoTrial), map[messages.Lang]string{
		"zh": "您还没有虚拟体验，请先申请", "zh_tw": "您尚未有虛擬體驗，請先申請",
		"en": "You have no virtual trial. Please apply first.",
		"ja": "バーチャル体験がありません。先にお申し込みください。",
		"ko": "가상 체험이 없습니다. 먼저 신청하세요.",
		"th": "คุณยังไม่มีการทดลองใช้งานเสมือน กรุณาสมัครก่อน",
		"es": "No tiene ninguna prueba virtual. Solicítela primero.",
		"fr": "Vous n’avez pas d’essai virtuel. Veuillez d’abord en faire la demande.",
		"de": "Sie haben keinen virtuellen Testzugang. Bitte beantragen Sie zuerst einen.",
		"ru": "У вас нет виртуального пробного доступа. Сначала подайте заявку.",
	})
	messages.Add(string(VirtualCreating), map[messages.Lang]string{
		"zh": "虚拟机正在创建中，请稍候…", "zh_tw": "虛擬機正在建立中，請稍候…",
		"en": "Your virtual machine is being created. Please wait…",
		"ja": "仮想マシンを作成しています。しばらくお待ちください…",
		"ko": "가상 머신을 생성하는 중입니다. 잠시 기다려 주세요…",
		"th": "กำลังสร้างเครื่องเสมือน กรุณารอสักครู่…",
		"es": "Se está creando su máquina virtual. Espere, por favor…",
		"fr": "Votre machine virtuelle est en cours de création. Veuillez patienter…",
		"de": "Ihre virtuelle Maschine wird erstellt. Bitte warten Sie …",
		"ru": "Виртуальная машина создаётся. Пожалуйста, подождите…",
	})
	messages.Add(string(VirtualUpgrading), map[messages.Lang]string{
		"zh": "虚拟机正在升级为所选型号，需要几分钟，请稍候…", "zh_tw": "虛擬機正在升級為所選型號，需要幾分鐘，請稍候…",
		"en": "Your virtual machine is being upgraded to the chosen model. This takes a few minutes; please wait…",
		"ja": "仮想マシンを選択したモデルにアップグレードしています。数分かかりますので、しばらくお待ちください…",
		"ko": "가상 머신을 선택한 모델로 업그레이드하는 중입니다. 몇 분 정도 걸리니 잠시 기다려 주세요…",
		"th": "กำลังอัปเกรดเครื่องเสมือนเป็นรุ่นที่เลือก ใช้เวลาไม่กี่นาที กรุณารอสักครู่…",
		"es": "Su máquina virtual se está actualizando al modelo elegido. Tarda unos minutos; espere, por favor…",
		"fr": "Votre machine virtuelle passe au modèle choisi. Cela prend quelques minutes ; veuillez patienter…",
		"de": "Ihre virtuelle Maschine wird auf das gewählte Modell umgestellt. Das dauert einige Minuten; bitte warten Sie …",
		"ru": "Виртуальная машина обновляется до выбранной модели. Это займёт несколько минут, пожалуйста, подождите…",
	})
	messages.Add(string(VirtualTrialExpired), map[messages.Lang]string{
		"zh": "您的虚拟体验已结束，可重新申请", "zh_tw": "您的虛擬體驗已結束，可重新申請",
		"en": "Your virtual trial has ended. You may apply again.",
		"ja": "バーチャル体験は終了しました。再度お申し込みいただけます。",
		"ko": "가상 체험이 종료되었습니다. 다시 신청할 수 있습니다.",
		"th": "การทดลองใช้งานเสมือนของคุณสิ้นสุดแล้ว สามารถสมัครใหม่ได้",
		"es": "Su prueba virtual ha terminado. Puede solicitar otra.",
		"fr": "Votre essai virtuel est terminé. Vous pouvez en demander un nouveau.",
		"de": "Ihr virtueller Testzugang ist abgelaufen. Sie können einen neuen beantragen.",
		"ru": "Ваш виртуальный пробный доступ закончился. Вы можете подать заявку снова.",
	})
	// The specification's own text (section 8) for a switch that changes nothing.
	messages.Add(string(VirtualNoChange), map[messages.Lang]string{
		"zh": "未做任何修改，无需提交！", "zh_tw": "未做任何修改，無需提交！",
		"en": "No modifications made, no need to submit!",
		"ja": "変更がないため、送信の必要はありません！",
		"ko": "변경된 내용이 없어 제출할 필요가 없습니다!",
		"th": "ไม่มีการแก้ไข ไม่จำเป็นต้องส่ง!",
		"es": "No se ha realizado ningún cambio, ¡no es necesario enviar!",
		"fr": "Aucune modification effectuée, inutile d’envoyer !",
		"de": "Keine Änderungen vorgenommen, Senden nicht erforderlich!",
		"ru": "Изменений нет, отправлять не нужно!",
	})
	messages.Add(string(VirtualUnknownModel), map[messages.Lang]string{
		"zh": "该机器人型号暂不支持虚拟体验", "zh_tw": "該機器人型號暫不支援虛擬體驗",
		"en": "This robot model is not available for the virtual trial.",
		"ja": "このロボットモデルはバーチャル体験に対応していません。",
		"ko": "이 로봇 모델은 가상 체험을 지원하지 않습니다.",
		"th": "รุ่นหุ่นยนต์นี้ยังไม่รองรับการทดลองใช้งานเสมือน",
		"es": "Este modelo de robot no está disponible para la prueba virtual.",
		"fr": "Ce modèle de robot n’est pas disponible pour l’essai virtuel.",
		"de": "Dieses Robotermodell ist für den virtuellen Testzugang nicht verfügbar.",
		"ru": "Эта модель робота недоступна для виртуальной пробы.",
	})
	messages.Add(string(VirtualUnknownCabinet), map[messages.Lang]string{
		"zh": "该控制柜版本暂不支持虚拟体验", "zh_tw": "該控制櫃版本暫不支援虛擬體驗",
		"en": "This control cabinet version is not available for the virtual trial.",
		"ja": "この制御盤バージョンはバーチャル体験に対応していません。",
		"ko": "이 제어 캐비닛 버전은 가상 체험을 지원하지 않습니다.",
		"th": "เวอร์ชันตู้ควบคุมนี้ยังไม่รองรับการทดลองใช้งานเสมือน",
		"es": "Esta versión de armario de control no está disponible para la prueba virtual.",
		"fr": "Cette version d’armoire de commande n’est pas disponible pour l’essai virtuel.",
		"de": "Diese Steuerschrank-Version ist für den virtuellen Testzugang nicht verfügbar.",
		"ru": "Эта версия шкафа управления недоступна для виртуальной пробы.",
	})
	messages.Add(string(VirtualUnsupported), map[messages.Lang]string{
		"zh": "该机器人型号不支持所选控制柜版本", "zh_tw": "該機器人型號不支援所選控制櫃版本",
		"en": "This robot model does not run on the chosen control cabinet version.",
		"ja": "このロボットモデルは選択した制御盤バージョンでは動作しません。",
		"ko": "이 로봇 모델은 선택한 제어 캐비닛 버전에서 동작하지 않습니다.",
		"th": "รุ่นหุ่นยนต์นี้ใช้กับเวอร์ชันตู้ควบคุมที่เลือกไม่ได้",
		"es": "Este modelo de robot no funciona con la versión de armario de control elegida.",
		"fr": "Ce modèle de robot ne fonctionne pas avec la version d’armoire de commande choisie.",
		"de": "Dieses Robotermodell läuft nicht mit der gewählten Steuerschrank-Version.",
		"ru": "Эта модель робота не работает с выбранной версией шкафа управления.",
	})
	messages.Add(string(VirtualNoIdentity), map[messages.Lang]string{
		"zh": "请先为账号绑定手机号或邮箱，再使用虚拟体验", "zh_tw": "請先為帳號綁定手機號碼或電子郵件，再使用虛擬體驗",
		"en": "Please add a mobile number or e-mail address to your account to use the virtual trial.",
		"ja": "バーチャル体験をご利用いただくには、アカウントに携帯電話番号またはメールアドレスを登録してください。",
		"ko": "가상 체험을 이용하려면 계정에 휴대폰 번호 또는 이메일 주소를 등록하세요.",
		"th": "กรุณาเพิ่มหมายเลขโทรศัพท์มือถือหรืออีเมลในบัญชีของคุณเพื่อใช้การทดลองใช้งานเสมือน",
		"es": "Añada un número de móvil o un correo electrónico a su cuenta para usar la prueba virtual.",
		"fr": "Ajoutez un numéro de mobile ou une adresse e-mail à votre compte pour utiliser l’essai virtuel.",
		"de": "Bitte hinterlegen Sie eine Mobilnummer oder E-Mail-Adresse in Ihrem Konto, um den virtuellen Testzugang zu nutzen.",
		"ru": "Чтобы воспользоваться виртуальной пробой, добавьте в учётную запись номер мобильного телефона или e-mail.",
	})
	// The specification's success text (section 8) of the "synchronize data" button.
	messages.Add(VirtualDataSynchronized, map[messages.Lang]string{
		"zh": "数据已同步", "zh_tw": "資料已同步", "en": "Data synchronized", "ja": "データを同期しました",
		"ko": "데이터가 동기화되었습니다", "th": "ซิงค์ข้อมูลแล้ว", "es": "Datos sincronizados",
		"fr": "Données synchronisées", "de": "Daten synchronisiert", "ru": "Данные синхронизированы",
	})
}
