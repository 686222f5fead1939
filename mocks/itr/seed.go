package itr

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"time"
)

// DemoOwner is the account of the demo work orders: the identity mock's demo phone account
// 13800138000 (password Jaka@2024), whose id is 1001 in a new identity state. The demo e-mail
// account (1002) has no work orders, so that the empty list can be seen too.
const DemoOwner = 1001

// seedDemo puts three work orders of the demo account into a new state: a repair completed a
// month ago, a repair in service with a photo, and a consultation reported two hours ago.
func (s *Server) seedDemo() error {
	now := s.opts.Now().UTC().Truncate(time.Second)
	yes, no := true, false
	s.store.mu.Lock()
	defer s.store.mu.Unlock()

	photo, err := demoPhoto()
	if err != nil {
		return err
	}
	photoAt := now.Add(-72*time.Hour - 10*time.Minute)
	if err := s.store.putFileLocked("att_demo_fault_photo", DemoOwner, "fault-alarm.png", "image/png", photo, &photoAt); err != nil {
		return err
	}
	contact := contact{Name: "演示用户", Phone: "13800138000", Email: "demo.user@example.cn"}
	orders := []struct {
		age     time.Duration
		kind    string
		status  string
		details report
	}{
		{30 * 24 * time.Hour, "repair", StatusServiceCompleted, report{
			Robot:    &robotInfo{SerialNo: "JAKA-ZU7-2403-001234", CabinetSerialNo: "JAKA-CAB3-2403-005678", FirstUse: &no},
			Fault:    &faultInfo{Date: now.Add(-31 * 24 * time.Hour).Format(time.DateOnly), Description: "第三关节运行时有异响，速度超过 50% 时报警 1104（关节过流）。"},
			Software: &softwareInfo{Controller: "V2.1.7", Servo: "V3.2.0.14", SCB: "V1.8.2", App: "V1.7.3.21", SDK: "V2.1.7.4"},
			Customer: &customer{Company: "上海汽车零部件制造有限公司", Address: "上海市嘉定区安亭镇墨玉南路888号"},
			Contact:  contact,
		}},
		{72 * time.Hour, "repair", StatusInService, report{
			Robot:    &robotInfo{SerialNo: "JAKA-ZU12-2311-000457", CabinetSerialNo: "JAKA-CAB3-2311-002211", FirstUse: &yes},
			Fault:    &faultInfo{Date: now.Add(-80 * time.Hour).Format(time.DateOnly), Description: "首次上电后示教器无法连接控制柜，控制柜指示灯红色闪烁。", Media: []string{"att_demo_fault_photo"}},
			Customer: &customer{Company: "苏州工业园区智能制造有限公司", Address: "江苏省苏州市工业园区星湖街328号"},
			Contact:  contact,
		}},
		{2 * time.Hour, "consultation", StatusOnlineReport, report{
			Consultation: &consultInfo{Topic: "JAKA Zu 7 视觉引导", Question: "请问 JAKA Zu 7 是否支持第三方 2D 相机的视觉引导抓取？需要哪些软件版本？"},
			Contact:      contact,
		}},
	}
	for _, d := range orders {
		at := now.Add(-d.age)
		o := s.store.newOrderLocked(DemoOwner, d.kind, at, at, "", d.details)
		for o.status() != d.status {
			at = at.Add(d.age / 4)
			o.History = append(o.History, transition{Status: nextStatus(o.status()), At: at})
		}
	}
	return s.store.save()
}

// demoPhoto draws the demo fault photo: a control cabinet with a red alarm light.
func demoPhoto() ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, 480, 320))
	fill := func(r image.Rectangle, c color.Color) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				img.Set(x, y, c)
			}
		}
	}
	fill(img.Bounds(), color.RGBA{0xE4, 0xE7, 0xEB, 0xFF})
	fill(image.Rect(140, 40, 340, 300), color.RGBA{0x3A, 0x40, 0x48, 0xFF})
	fill(image.Rect(160, 60, 320, 140), color.RGBA{0x1E, 0x23, 0x29, 0xFF})
	fill(image.Rect(225, 180, 255, 210), color.RGBA{0xE5, 0x39, 0x35, 0xFF})
	fill(image.Rect(180, 240, 300, 250), color.RGBA{0x8A, 0x93, 0x9C, 0xFF})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
